import { useEffect, useRef, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { PlusIcon } from '../../../components/ui/icons';
import { SelectField } from '../../../components/ui/select-field';
import { useToast } from '../../../components/ui/toast';
import { getErrorMessage } from '../../../lib/api-client';
import { useCurrentSession } from '../../../lib/current-session';
import { t } from '../../../lib/i18n/i18n';
import { LANGUAGE_NAMES, type Language } from '../../../lib/i18n/languages';
import { useUpdateRestaurant } from '../api/update-restaurant';
import {
  addLanguage,
  canRemoveLanguage,
  languagesToAdd,
  makeWorkingLanguage,
  removeLanguage,
} from '../model/restaurant-languages';

/**
 * The restaurant's languages, in order: the first is the working language (tickets, the board,
 * receipts, exports; the menu's base fields are written in it), guests can read the menu in the
 * others. Each change is saved at once (the restaurant's PUT, `languages` alone); changing the
 * working language is asked about first, because it translates nothing.
 */
export function RestaurantLanguagesEditor() {
  const session = useCurrentSession();
  const toast = useToast();
  const update = useUpdateRestaurant();
  const list = useRef<HTMLOListElement>(null);
  const [picked, setPicked] = useState<Language | null>(null);
  const [newWorking, setNewWorking] = useState<Language | null>(null);
  // Bumped when the focused button goes away with its change: the list takes the focus instead.
  const [focusList, setFocusList] = useState(0);

  useEffect(() => {
    if (focusList) list.current?.focus();
  }, [focusList]);

  const saved = session.restaurant.languages;
  // While saving, the list shows what is being saved.
  const languages = (update.isPending ? update.variables.body.languages : undefined) ?? saved;
  const addable = languagesToAdd(languages);
  const toAdd = picked && addable.includes(picked) ? picked : addable[0];
  const busy = update.isPending;
  const name = (language: Language) => LANGUAGE_NAMES[language];

  const save = async (next: Language[], done: string): Promise<boolean> => {
    try {
      await update.mutateAsync({ id: session.restaurant.id, body: { languages: next } });
      toast.success(done);
      return true;
    } catch (error) {
      toast.error(t('settings.languages.saveFailed', { error: getErrorMessage(error) }));
      return false;
    }
  };

  const add = () => {
    if (!toAdd) return;
    const next = addLanguage(languages, toAdd);
    // The last one added: the add button goes with the choice.
    if (languagesToAdd(next).length === 0) setFocusList((n) => n + 1);
    void save(next, t('settings.languages.added', { language: name(toAdd) }));
  };

  const remove = (language: Language) => {
    setFocusList((n) => n + 1);
    void save(
      removeLanguage(languages, language),
      t('settings.languages.removed', { language: name(language) }),
    );
  };

  const confirmWorking = async () => {
    if (!newWorking) return;
    const done = await save(
      makeWorkingLanguage(languages, newWorking),
      t('settings.languages.workingChanged', { language: name(newWorking) }),
    );
    setNewWorking(null);
    // Its "make working" button is gone with the change; on failure the dialog gives the focus back to it.
    if (done) setFocusList((n) => n + 1);
  };

  const working = languages[0]!;

  return (
    <div className="flex flex-col gap-4">
      <ol
        ref={list}
        tabIndex={-1}
        aria-label={t('settings.languages.listLabel')}
        className="flex flex-col divide-y divide-line rounded-lg border border-line focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-700"
      >
        {languages.map((language, index) => (
          <li
            key={language}
            className="flex flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3"
            data-testid="restaurant-language"
          >
            <div className="flex min-w-0 flex-1 basis-48 flex-col gap-0.5">
              <span className="flex flex-wrap items-center gap-2">
                <span lang={language} className="font-medium text-ink">
                  {name(language)}
                </span>
                {index === 0 ? <Badge tone="accent">{t('settings.languages.working')}</Badge> : null}
              </span>
              <span className="text-sm text-ink-muted">
                {index === 0 ? t('settings.languages.workingHint') : t('settings.languages.guestsHint')}
              </span>
            </div>
            {index > 0 ? (
              <div className="flex flex-wrap gap-1">
                <Button variant="secondary" onClick={() => setNewWorking(language)} disabled={busy}>
                  <span aria-hidden="true">{t('settings.languages.makeWorking')}</span>
                  <span className="sr-only">
                    {t('settings.languages.makeWorkingNamed', { language: name(language) })}
                  </span>
                </Button>
                {canRemoveLanguage(languages, language) ? (
                  <Button variant="ghost" onClick={() => remove(language)} disabled={busy}>
                    <span aria-hidden="true">{t('settings.languages.remove')}</span>
                    <span className="sr-only">
                      {t('settings.languages.removeNamed', { language: name(language) })}
                    </span>
                  </Button>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ol>
      {toAdd ? (
        <div className="flex flex-wrap items-end gap-2">
          <SelectField
            label={t('settings.languages.addLabel')}
            options={addable.map((language) => ({ value: language, label: name(language) }))}
            value={toAdd}
            onChange={(event) => setPicked(event.target.value as Language)}
            className="min-w-0 flex-1 basis-40 sm:max-w-60"
          />
          <Button variant="secondary" onClick={add} disabled={busy}>
            <PlusIcon />
            {t('settings.languages.add')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-ink-muted">{t('settings.languages.allAdded')}</p>
      )}
      <p className="text-sm text-ink-muted">{t('settings.languages.removeHint')}</p>
      <ConfirmDialog
        open={newWorking !== null}
        tone="primary"
        title={newWorking ? t('settings.languages.confirmTitle', { language: name(newWorking) }) : ''}
        description={
          newWorking ? (
            <p>
              {t('settings.languages.confirmBody', { language: name(newWorking), current: name(working) })}
            </p>
          ) : null
        }
        confirmLabel={t('settings.languages.makeWorking')}
        pendingLabel={t('settings.languages.saving')}
        pending={busy}
        onConfirm={() => void confirmWorking()}
        onCancel={() => setNewWorking(null)}
      />
    </div>
  );
}
