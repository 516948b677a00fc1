import { useTranslation } from 'react-i18next';
import { documentTitle, TITLED_DOCUMENT_TYPES } from '@/domain/documents.rules';

/**
 * The names of documents in the page's language (docs/decisions.md DOC14), for every page that lists documents (the
 * Documents pages, the order panel): the label of a type code and a document's title built from it and its number.
 */

/** The type's label in the page's language (spec 3 types). */
export function useTypeTitle() {
  const { t } = useTranslation();
  return (type: number) =>
    TITLED_DOCUMENT_TYPES.includes(type)
      ? t(`documents.types.${type}` as 'documents.types.1')
      : t('documents.types.unknown', { type });
}

/** A document's title in the page's language: its type's label and its number ('Накладная № 12'). */
export function useDocumentTitle() {
  const typeTitle = useTypeTitle();
  return (d: { readonly type: number; readonly number: string }) =>
    documentTitle(typeTitle(d.type), d.number);
}
