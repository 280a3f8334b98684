import { describe, expect, it } from 'vitest';
import { render } from '../testing/render';
import { LoadingPage } from './Loading';

// Issue 96: a page that loads in place of the screen that held the focus keeps the focus off the body.
describe('LoadingPage', () => {
  it('takes the focus on its status when the screen before it left the focus on the body', async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    const { container, unmount } = await render(<LoadingPage />);
    const note = container.querySelector('[role="status"]');
    expect(note).not.toBeNull();
    expect(document.activeElement).toBe(note);
    await unmount();
  });

  it('leaves a focus the payer placed elsewhere alone', async () => {
    const field = document.body.appendChild(document.createElement('input'));
    field.focus();
    const { unmount } = await render(<LoadingPage />);
    expect(document.activeElement).toBe(field);
    await unmount();
    field.remove();
  });
});
