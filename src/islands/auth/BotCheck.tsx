import { useEffect, useRef } from 'react';
import { mountBotCheck, type BotCheckOptions } from '../../lib/bot-check-widget.ts';

/** The sign-in form's bot check: the shared widget, mounted while the form needs it. */
export default function BotCheck({ siteId, locale, onChange }: BotCheckOptions) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    return mountBotCheck(container.current, { siteId, locale, onChange });
  }, [siteId, locale, onChange]);
  return <div ref={container} />;
}
