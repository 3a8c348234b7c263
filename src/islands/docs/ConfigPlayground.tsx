import { useId, useState } from 'react';
import { isSuperadmin } from '../../lib/roles.ts';
import JsonConfigEditor from '../ui/JsonConfigEditor.tsx';
import SelectField from '../ui/SelectField.tsx';
import { useSession } from '../shell/useSession.ts';

export interface PlaygroundSample {
  /** Provider name, e.g. 'paystack'. */
  name: string;
  label: string;
  /** Pretty-printed config JSON. */
  text: string;
}

export interface ConfigPlaygroundProps {
  /** Worked configs from the provider catalogue; the first one is loaded at start. */
  samples: PlaygroundSample[];
}

/**
 * The config validator playground (superadmin): the lazily loaded Monaco editor with a sample config,
 * checked live by the shared isomorphic/gateway-config validator (the server runs the same code), with
 * errors and hints listed and marked at their place in the text.
 */
export default function ConfigPlayground({ samples }: ConfigPlaygroundProps) {
  const { status, user } = useSession();
  const titleId = useId();
  const [sample, setSample] = useState(samples[0]?.name ?? '');
  const [text, setText] = useState(samples[0]?.text ?? '{}');
  if (status !== 'authenticated' || !user || !isSuperadmin(user.role)) return null;

  const load = (name: string) => {
    setSample(name);
    setText(samples.find((entry) => entry.name === name)?.text ?? '{}');
  };

  return (
    <section className="docs-tool card" aria-labelledby={titleId}>
      <h3 id={titleId} className="docs-tool__title">
        Config validator playground
      </h3>
      <p className="docs-tool__intro">
        Edit a gateway or bank config: every change is checked by the same validator the server runs when a gateway is saved. Errors stop a
        save; hints are recommendations.
      </p>
      <div className="docs-tool__row">
        <SelectField
          label="Start from"
          value={sample}
          options={samples.map((entry) => ({ value: entry.name, label: entry.label }))}
          onValueChange={load}
        />
        <button type="button" className="btn btn--ghost" onClick={() => load(sample)}>
          Reset sample
        </button>
      </div>
      <JsonConfigEditor label="Config to validate" value={text} onChange={setText} modelName="docs-playground" height={420} />
    </section>
  );
}
