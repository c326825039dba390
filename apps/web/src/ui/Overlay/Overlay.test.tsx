import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../App.tsx';
import { createTestContext, createTestI18n } from '../../test/harness.tsx';
import { Popup } from '../Popup/Popup.tsx';
import { Overlay } from './Overlay.tsx';

let i18n: I18n;
beforeAll(async () => {
  i18n = await createTestI18n();
});
afterEach(cleanup);

/**
 * The Wall is a fixed layer, a stacking context of its own under the header: a sheet or popup
 * drawn inside it would sit under the header, whose buttons would take the taps meant for its ✕.
 */
describe('sheets and popups opened from inside the Wall', () => {
  it('render at the end of the body, outside the layer that opened them, and still close', () => {
    const closeSheet = vi.fn();
    const closePopup = vi.fn();
    render(
      <AppProviders context={createTestContext()} i18n={i18n}>
        <div className="app__stage" data-testid="stage">
          <Overlay open onClose={closeSheet} title="Mining" variant="sheet">
            <p>sheet</p>
          </Overlay>
          <Popup onClose={closePopup} title="Reward">
            <p>popup</p>
          </Popup>
        </div>
      </AppProviders>,
    );
    const stage = screen.getByTestId('stage');
    for (const name of ['Mining', 'Reward']) {
      const dialog = screen.getByRole('dialog', { name });
      expect(stage.contains(dialog)).toBe(false);
      expect(dialog.parentElement!.parentElement).toBe(document.body);
    }
    const [sheetClose, popupClose] = screen.getAllByRole('button', { name: 'Close' });
    fireEvent.click(sheetClose!);
    fireEvent.click(popupClose!);
    expect(closeSheet).toHaveBeenCalledTimes(1);
    expect(closePopup).toHaveBeenCalledTimes(1);
  });
});
