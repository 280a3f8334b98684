import { describe, expect, it } from 'vitest';
import type { CampaignBridge } from '@pasarela/core';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render } from '../testing/render';
import { cardMethod } from '../methods/card';
import { nequiMethod } from '../methods/nequi';
import { MethodChoice } from './MethodChoice';
import { DonationChoice } from './donation/DonationChoice';
import { createDonationStore } from './donation/donationStore';

const bridge: CampaignBridge = {
  idBridge: 9, status: 1, startDate: '2026-01-01T00:00:00Z', endDate: null,
  campaign: { title: 'Becas', description: '', logo: '', minAmount: 1, maxAmount: 500, defaultValues: [1, 5] },
};

const options = (container: Element) =>
  [...container.querySelectorAll('label')].map((label) => ({
    value: label.querySelector('input')?.value,
    disabled: label.querySelector('input')?.disabled,
    shownDisabled: label.classList.contains('method-option--disabled'),
  }));

describe('the method and donation options say on their tile when they cannot be chosen', () => {
  it('while a payment is under way, every method but the chosen one is disabled, and its tile shows it', async () => {
    const { container } = await render(<MethodChoice methods={[cardMethod, nequiMethod]} chosen="nequi" locked onChoose={() => undefined} />);
    expect(options(container)).toEqual([
      { value: 'card', disabled: true, shownDisabled: true },
      { value: 'nequi', disabled: false, shownDisabled: false },
    ]);
  });

  it('otherwise no method tile is shown disabled', async () => {
    const { container } = await render(<MethodChoice methods={[cardMethod, nequiMethod]} chosen="card" locked={false} onChoose={() => undefined} />);
    expect(options(container).map((o) => o.shownDisabled)).toEqual([false, false]);
  });

  it('a closed donation shows every amount disabled; an open one none', async () => {
    for (const disabled of [true, false]) {
      const { container } = await render(<DonationChoice bridge={bridge} store={createDonationStore(bridge, 'USD')} lang="es" currency="USD" disabled={disabled} total={25} />);
      expect(options(container).map((o) => o.shownDisabled)).toEqual([disabled, disabled, disabled, disabled]);
    }
  });

  // The suite runs from the repository's root (vitest.config.ts), where the widget's files are read from.
  it('the first screen\'s styles use no :has() (it made their first pass in a new renderer about twice as long)', () => {
    const css = readFileSync(join(process.cwd(), 'packages/widget/src/styles.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    expect(css).not.toContain(':has(');
  });
});
