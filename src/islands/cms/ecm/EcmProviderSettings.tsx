import { useEffect, useId, useState, type SubmitEvent } from 'react';
import type { EcmSettingsBody } from '../../../../core/contracts/ecm.ts';
import { MAX_SIGNATURE_BYTES } from '../../../../core/ecm/signature.ts';
import type { Translate } from '../../../../core/translate.ts';
import type { ApiClient } from '../../../lib/api-client.ts';

interface Props {
  api: ApiClient;
  t: Translate;
}

/** The file's bytes as base64, for the JSON body (a signature is small: at most 200 KB). */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The accredited provider (id, name, accreditation code, legal representative and their signature
 * on the certificates) and the minimum-time rule, in CMS mode: what `seed/ecm.json` only fills for
 * the demo.
 */
export default function EcmProviderSettings({ api, t }: Props) {
  const id = useId();
  const [fields, setFields] = useState({ providerId: '', providerName: '', accreditationCode: '', legalRepresentative: '', minTimePercent: '' });
  const [hasSignature, setHasSignature] = useState(false);
  const [signature, setSignature] = useState<File | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  useEffect(() => {
    api.get('/cms/ecm/settings').then(
      (settings) => {
        setFields({
          providerId: settings.providerId,
          providerName: settings.providerName,
          accreditationCode: settings.accreditationCode,
          legalRepresentative: settings.legalRepresentative,
          minTimePercent: settings.minTimeShare === null ? '' : String(Math.round(settings.minTimeShare * 100)),
        });
        setHasSignature(settings.hasSignature);
        setLoaded(true);
      },
      (failure: Error) => setError(failure.message),
    );
  }, [api]);

  const set = (name: keyof typeof fields) => (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value });

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    setStatus(null);
    try {
      const body: EcmSettingsBody = {
        providerId: fields.providerId,
        providerName: fields.providerName,
        accreditationCode: fields.accreditationCode,
        legalRepresentative: fields.legalRepresentative,
        minTimeShare: fields.minTimePercent.trim() === '' ? null : Number(fields.minTimePercent) / 100,
        signature: signature ? { type: signature.type === 'image/jpeg' ? 'image/jpeg' : 'image/png', base64: await base64Of(signature) } : null,
      };
      const saved = await api.put('/cms/ecm/settings', { json: body });
      setHasSignature(saved.hasSignature);
      setSignature(null);
      setStatus(t('cms.ecm.providerSaved'));
    } catch (failure) {
      setError(t('cms.error', { message: (failure as Error).message }));
    }
  };

  if (!loaded && !error) return <p className="muted">{t('cms.panel.loading')}</p>;
  const line = (name: 'providerId' | 'providerName' | 'accreditationCode' | 'legalRepresentative', max: number) => (
    <p className="field">
      <label htmlFor={`${id}-${name}`}>{t(`cms.ecm.${name}`)}</label>
      <input id={`${id}-${name}`} type="text" maxLength={max} value={fields[name]} onChange={set(name)} aria-required />
    </p>
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate data-testid="cms-ecm-provider">
      {line('providerName', 200)}
      {line('providerId', 20)}
      {line('accreditationCode', 3)}
      {line('legalRepresentative', 200)}
      <p className="field">
        <label htmlFor={`${id}-signature`}>{t('cms.ecm.signature')}</label>
        <input
          id={`${id}-signature`}
          type="file"
          accept="image/png,image/jpeg"
          aria-describedby={`${id}-signature-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            // Said at once, as the API would say it: the image is not sent.
            const tooLarge = file !== null && file.size > MAX_SIGNATURE_BYTES;
            setError(tooLarge ? t('cms.ecm.signatureTooLarge') : null);
            setSignature(tooLarge ? null : file);
          }}
        />
        <span className="hint" id={`${id}-signature-hint`}>
          {t(hasSignature ? 'cms.ecm.signatureStored' : 'cms.ecm.signatureMissing')}
        </span>
      </p>
      <p className="field">
        <label htmlFor={`${id}-minTime`}>{t('cms.ecm.minTime')}</label>
        <input
          id={`${id}-minTime`}
          type="number"
          min={5}
          max={100}
          step={1}
          inputMode="numeric"
          value={fields.minTimePercent}
          onChange={set('minTimePercent')}
          aria-describedby={`${id}-minTime-hint`}
        />
        <span className="hint" id={`${id}-minTime-hint`}>
          {t('cms.ecm.minTimeHint')}
        </span>
      </p>
      {error && (
        <p role="alert" className="error-text">
          {error}
        </p>
      )}
      <p className="cms-actions">
        <button type="submit">{t('cms.ecm.saveProvider')}</button>
      </p>
      <p role="status" aria-live="polite">
        {status}
      </p>
    </form>
  );
}
