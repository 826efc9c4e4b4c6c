// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act } from 'preact/test-utils';
import { createRoot } from 'preact/compat/client';
import { Field } from '../../src/core/site/Field';
import { TwoFactorForm } from '../../src/features/two-factor/site/TwoFactorForm';

// The light faces are compiled against Preact (build/light-faces.ts): these
// render their forms the same way, so a React-only behaviour the code relies
// on shows here rather than only in a browser.
vi.mock('react', () => import('preact/compat'));
vi.mock('react/jsx-runtime', () => import('preact/compat/jsx-runtime'));
vi.mock('react/jsx-dev-runtime', () => import('preact/compat/jsx-dev-runtime'));
vi.mock('../../src/core/site/i18n/context', () => ({ useT: () => (key: string) => key }));

afterEach(() => {
  document.body.innerHTML = '';
});

function mount(node: Parameters<ReturnType<typeof createRoot>['render']>[0]): HTMLElement {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => createRoot(container).render(node));
  return container;
}

describe('light faces on Preact', () => {
  it('focuses an autoFocus field on mount, even after another field had the focus', () => {
    const other = document.createElement('input');
    document.body.append(other);
    other.focus();
    // eslint-disable-next-line jsx-a11y/no-autofocus -- autoFocus is what this test is about
    const container = mount(<Field label="Code" name="code" autoFocus />);
    expect(document.activeElement).toBe(container.querySelector('input[name=code]'));
  });

  it("writes the recovery code field's spellcheck as React does", () => {
    const container = mount(<TwoFactorForm busy={false} onSubmit={() => undefined} onBack={() => undefined} />);
    act(() => container.querySelectorAll<HTMLButtonElement>('button[type=button]')[0]?.click());
    const input = container.querySelector('input[name=recoveryCode]');
    expect(input?.getAttribute('spellcheck')).toBe('false');
    expect(document.activeElement).toBe(input);
  });

  it('ties the label and the error text to the input by useId', () => {
    const container = mount(<Field label="E-mail" name="email" error="Required" />);
    const input = container.querySelector('input');
    expect(container.querySelector('label')?.getAttribute('for')).toBe(input?.id);
    expect(input?.getAttribute('aria-describedby')).toBe(`${input?.id}-err`);
    expect(container.querySelector('.field-error')?.id).toBe(`${input?.id}-err`);
  });
});
