/**
 * How many deliveries a node may still claim: in all, and for each merchant, less what it already
 * has in flight. One merchant's endpoint that answers slowly (up to the time-out) or not at all
 * then holds at most `perMerchant` of the node's places, never every other merchant's webhooks.
 */
export interface ClaimRoom {
  total: number;
  perMerchant: number;
  /** Deliveries in flight on this node, by merchant id. */
  busy: ReadonlyMap<number, number>;
}

/** A claimed delivery (leased, its attempt counted): `deliver` sends it once and records the outcome. */
export interface ClaimedDelivery {
  merchantId: number;
  deliver: () => Promise<void>;
}

/** $3 the places per merchant, $4 and $5 the merchants with deliveries in flight and how many. */
export const roomParameters = (room: ClaimRoom): unknown[] => [room.perMerchant, [...room.busy.keys()], [...room.busy.values()]];

/**
 * The ids of a table's due deliveries within the room ($3 to $5): each merchant's earliest, as many
 * as its places left. The caller locks them (`for update skip locked`, which a window cannot take).
 */
export const DUE_WITHIN_ROOM = (table: 'webhook_events' | 'webhook_deliveries') => `select id from (
    select t.id, row_number() over (partition by t.merchant_id order by t.next_attempt_at, t.id) as nth, $3::int - coalesce(busy.in_flight, 0) as places
      from ${table} t left join unnest($4::int[], $5::int[]) as busy (merchant_id, in_flight) on busy.merchant_id = t.merchant_id
     where t.state = 'pending' and t.next_attempt_at <= now()) ranked
   where nth <= places`;

/**
 * The due test again on the row the caller locks. A row another node claimed and committed after
 * this statement's snapshot is locked afterwards, not skipped; PostgreSQL then checks the locking
 * query's own conditions on the row as committed, never those inside DUE_WITHIN_ROOM, so without
 * these the row (leased, perhaps already delivered) was claimed and sent a second time.
 */
export const STILL_DUE = "state = 'pending' and next_attempt_at <= now()";

/**
 * The outcome is written only while the row is as this claim left it: a redelivery asked while the
 * attempt was on its way (attempts 0, due now), or another node's claim after the lease ran out,
 * stands, and the late outcome is not the delivery's any more. Nor once the primary endpoint was
 * removed meanwhile (state none, migration 125): the outcome would make the event pending or
 * delivered again, sent or listed by the endpoint taking the primary's place. $2 the claim's
 * attempts, $3 its lease as the claim's statement returned it in text (a Date drops PostgreSQL's
 * microseconds).
 */
export const STILL_CLAIMED = "state = 'pending' and attempts = $2 and next_attempt_at = $3::timestamptz";
