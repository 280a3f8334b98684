import {
  DeletedSchema, EventPageSchema, RolledKeySchema, WebhookDeliveryPageSchema, WebhookDeliverySchema, WebhookEndpointPageSchema,
  WebhookEndpointSchema, WebhookEventSchema,
  type Deleted, type KnownEventType, type RolledKey, type WebhookDelivery, type WebhookEndpoint, type WebhookEvent, type WebhookEventType,
} from './answers';
import { segment, type Http, type ListParams, type PostOptions } from './http';
import type { PagePromise } from './pagePromise';

export interface ListEventsParams extends ListParams {
  /** Only events of this type. */
  type?: WebhookEventType;
}

/** An event type an endpoint takes: a known one, or `*` for all. */
export type EndpointEventType = KnownEventType | '*';

export interface CreateWebhookEndpointParams {
  /** An http or https address, up to 2000 characters. */
  url: string;
  /** The event types it is sent (default `['*']`: all). */
  events?: EndpointEventType[];
}

/** Each part given is set, the rest kept. */
export interface UpdateWebhookEndpointParams {
  url?: string;
  events?: EndpointEventType[];
}

export interface RollParams {
  /** How long the secret or key in use keeps working beside the new one: 0 s (default, it stops at once) to 604800 s (7 days). */
  expiresInSeconds?: number;
}

export interface SendTestParams {
  /** The sample event's type. */
  type: KnownEventType;
}

export interface Events {
  /** Your events, newest first: await one page, or `for await` over every event of every page. */
  list(params?: ListEventsParams): PagePromise<WebhookEvent>;
  /** One event by its id (evt_...). */
  retrieve(id: string): Promise<WebhookEvent>;
}

export interface WebhookEndpoints {
  /** Adds an endpoint; its signing `secret` is shown only here and on rollSecret. Safe to retry (same Idempotency-Key). */
  create(params: CreateWebhookEndpointParams, options?: PostOptions): Promise<WebhookEndpoint>;
  /** Your endpoints (one page holds them all; `for await` works too). */
  list(): PagePromise<WebhookEndpoint>;
  /** One endpoint by its id (we_...), without its secret. */
  retrieve(id: string): Promise<WebhookEndpoint>;
  /** Changes its url or events, keeps the rest. */
  update(id: string, params: UpdateWebhookEndpointParams, options?: PostOptions): Promise<WebhookEndpoint>;
  /**
   * Deletes an endpoint: nothing more is sent to it. When a try's answer was lost (no answer, or a 5xx)
   * and the retry finds the endpoint gone (404), that try deleted it: `{ id, deleted: true }` is returned.
   */
  del(id: string): Promise<Deleted>;
  /** Its latest deliveries (up to 100), newest first: what was sent, how many tries, how the last one went. */
  listDeliveries(id: string): PagePromise<WebhookDelivery>;
  /** Sends a delivery again now, with fresh tries (status 202: it is queued). */
  redeliver(id: string, deliveryId: string, options?: PostOptions): Promise<WebhookDelivery>;
  /**
   * A new signing secret, in the answer's `secret`; the old one keeps signing for `expiresInSeconds`.
   * A retry with the same Idempotency-Key gets the same secret.
   */
  rollSecret(id: string, params?: RollParams, options?: PostOptions): Promise<WebhookEndpoint>;
  /** Queues a sample event of `type`, marked `test: true` and about a made-up payment, to this endpoint (status 202). */
  sendTest(id: string, params: SendTestParams, options?: PostOptions): Promise<WebhookDelivery>;
}

export interface Keys {
  /**
   * A new secret key, in the answer's `secretKey` (shown only here: keep it now); the key that asked
   * works for `expiresInSeconds` more (default 0: this client's own key stops at once). A retry with
   * the same Idempotency-Key and key answers the same new key, so ask for a window to let it in.
   */
  roll(params?: RollParams, options?: PostOptions): Promise<RolledKey>;
}

export const events = (http: Http): Events => ({
  list: (params = {}) => http.list('/events', params, EventPageSchema),
  retrieve: (id) => http.call('GET', `/events/${segment(id)}`, WebhookEventSchema),
});

export const webhookEndpoints = (http: Http): WebhookEndpoints => {
  const endpoint = (id: string) => `/webhook-endpoints/${segment(id)}`;
  return {
    create: (params, options) => http.call('POST', '/webhook-endpoints', WebhookEndpointSchema, params, options),
    list: () => http.list('/webhook-endpoints', {}, WebhookEndpointPageSchema),
    retrieve: (id) => http.call('GET', endpoint(id), WebhookEndpointSchema),
    update: (id, params, options) => http.call('PATCH', endpoint(id), WebhookEndpointSchema, params, options),
    del: (id) => http.del(endpoint(id), DeletedSchema, { id, deleted: true }),
    listDeliveries: (id) => http.list(`${endpoint(id)}/deliveries`, {}, WebhookDeliveryPageSchema),
    redeliver: (id, deliveryId, options) => http.call('POST', `${endpoint(id)}/deliveries/${segment(deliveryId)}/redeliver`, WebhookDeliverySchema, {}, options),
    rollSecret: (id, params = {}, options) => http.call('POST', `${endpoint(id)}/roll-secret`, WebhookEndpointSchema, params, options),
    sendTest: (id, params, options) => http.call('POST', `${endpoint(id)}/test`, WebhookDeliverySchema, params, options),
  };
};

export const keys = (http: Http): Keys => ({
  roll: (params = {}, options) => http.call('POST', '/keys/roll', RolledKeySchema, params, options),
});
