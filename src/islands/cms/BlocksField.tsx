import { move, type Block } from '../../lib/cms-form.ts';
import MediaField from './media/MediaField.tsx';
import type { Translate } from '../../../core/translate.ts';

interface Props {
  id: string;
  label: string;
  blocks: Block[];
  /** The block types offered: a page's headings and paragraphs, or a session's richer set. */
  types: readonly Block['type'][];
  onChange: (blocks: Block[]) => void;
  t: Translate;
  /** The panel's strings by key, for an image block's media field. */
  strings: Record<string, string>;
}

/** A body as a list of blocks, each editable, movable and removable (buttons, so the keyboard does it all). */
export default function BlocksField({ id, label, blocks, types, onChange, t, strings }: Props) {
  const update = (index: number, change: Partial<Block>) => onChange(blocks.map((block, i) => (i === index ? { ...block, ...change } : block)));
  const typeOf = (value: string): Block['type'] => types.find((type) => type === value) ?? 'p';
  return (
    <fieldset className="cms-blocks">
      <legend>{label}</legend>
      <ol>
        {blocks.map((block, index) => {
          const n = index + 1;
          return (
            <li key={index}>
              <label htmlFor={`${id}-type-${n}`}>{t('cms.block.type', { n })}</label>
              <select id={`${id}-type-${n}`} value={block.type} onChange={(event) => update(index, { type: typeOf(event.target.value) })}>
                {types.map((type) => (
                  <option key={type} value={type}>
                    {t(`cms.block.${type}`)}
                  </option>
                ))}
              </select>
              {block.type === 'img' && (
                <MediaField
                  label={t('cms.block.src', { n })}
                  accept="image"
                  value={block.src || null}
                  onChange={(url) => update(index, { src: url ?? '' })}
                  strings={strings}
                />
              )}
              <label htmlFor={`${id}-text-${n}`}>{t(block.type === 'img' ? 'cms.block.alt' : 'cms.block.text', { n })}</label>
              <textarea
                id={`${id}-text-${n}`}
                value={block.text}
                maxLength={5000}
                rows={block.type === 'h2' || block.type === 'h3' || block.type === 'img' ? 1 : 4}
                onChange={(event) => update(index, { text: event.target.value })}
                aria-describedby={block.type === 'p' || block.type === 'ul' || block.type === 'ol' ? `${id}-hint` : undefined}
              />
              <div className="cms-block-actions">
                <button type="button" className="secondary" disabled={index === 0} onClick={() => onChange(move(blocks, index, -1))}>
                  ↑ <span className="visually-hidden">{t('cms.block.up', { n })}</span>
                </button>
                <button type="button" className="secondary" disabled={index === blocks.length - 1} onClick={() => onChange(move(blocks, index, 1))}>
                  ↓ <span className="visually-hidden">{t('cms.block.down', { n })}</span>
                </button>
                <button type="button" className="secondary" disabled={blocks.length === 1} onClick={() => onChange(blocks.filter((_, i) => i !== index))}>
                  {t('cms.block.remove', { n })}
                </button>
              </div>
            </li>
          );
        })}
      </ol>
      {types.includes('ul') && (
        <p className="hint" id={`${id}-hint`}>
          {t('cms.block.hint')}
        </p>
      )}
      <p className="cms-block-add">
        <button type="button" className="secondary" onClick={() => onChange([...blocks, { type: 'p', text: '' }])}>
          {t('cms.block.addParagraph')}
        </button>
        <button type="button" className="secondary" onClick={() => onChange([...blocks, { type: 'h2', text: '' }])}>
          {t('cms.block.addHeading')}
        </button>
        {types.includes('ul') && (
          <button type="button" className="secondary" onClick={() => onChange([...blocks, { type: 'ul', text: '' }])}>
            {t('cms.block.addList')}
          </button>
        )}
        {types.includes('img') && (
          <button type="button" className="secondary" onClick={() => onChange([...blocks, { type: 'img', text: '', src: '' }])}>
            {t('cms.block.addImage')}
          </button>
        )}
      </p>
    </fieldset>
  );
}
