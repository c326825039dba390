import './tabs.css';

export interface TabItem<K extends string> {
  id: K;
  label: string;
}

export interface TabsProps<K extends string> {
  items: readonly TabItem<K>[];
  value: K;
  onChange: (id: K) => void;
  /** Names the group for screen readers. */
  label: string;
  /** `tabs` for screens, `switch` for a compact segmented choice (period). */
  variant?: 'tabs' | 'switch';
}

export function Tabs<K extends string>({ items, value, onChange, label, variant = 'tabs' }: TabsProps<K>) {
  return (
    <div className={`pw-tabs pw-tabs--${variant}`} role="tablist" aria-label={label}>
      {items.map((item) => (
        <button
          key={item.id}
          type="button"
          role="tab"
          aria-selected={item.id === value}
          className={item.id === value ? 'pw-tabs__tab pw-tabs__tab--on' : 'pw-tabs__tab'}
          onClick={() => {
            if (item.id !== value) onChange(item.id);
          }}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
