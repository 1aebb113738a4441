import { useId } from 'react';
import { type Control, type UseFormReturn, useFieldArray, useWatch } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { FieldGroup } from '../../../components/ui/field';
import { formatFieldError } from '../../../components/ui/field-error';
import { CloseIcon, PlusIcon, TrashIcon } from '../../../components/ui/icons';
import { TextField } from '../../../components/ui/text-field';
import { t } from '../../../lib/i18n/i18n';
import { formatPriceInput } from '../../../lib/price-input';
import { type MenuItemFormValues, newOptionChoice, newOptionGroup } from '../model/menu-item-form-schema';

type Form = UseFormReturn<MenuItemFormValues>;

/** A message about a whole list: react-hook-form files it under `root` for field arrays. */
function listError(error: { message?: string; root?: { message?: string } } | undefined): string | undefined {
  return error?.root?.message ?? error?.message;
}

/** Modifier groups ("Size", "Extras") and their priced choices. */
export function OptionsEditor({ form, currency }: { form: Form; currency: string }) {
  const { control, formState } = form;
  const groups = useFieldArray({ control, name: 'options' });
  const error = listError(formState.errors.options as Parameters<typeof listError>[0]);

  return (
    <div className="flex flex-col gap-4">
      {groups.fields.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('menu.editor.options.none')}</p>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {formatFieldError(t('menu.editor.options.groups'), error)}
        </p>
      ) : null}
      {groups.fields.map((field, index) => (
        <OptionGroupEditor
          key={field.id}
          form={form}
          index={index}
          currency={currency}
          onRemove={() => groups.remove(index)}
        />
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() =>
            groups.append(newOptionGroup(), {
              shouldFocus: true,
              focusName: `options.${groups.fields.length}.name`,
            })
          }
        >
          <PlusIcon />
          {t('menu.editor.options.addGroup')}
        </Button>
      </div>
    </div>
  );
}

function GroupName({ control, index }: { control: Control<MenuItemFormValues>; index: number }) {
  const name = useWatch({ control, name: `options.${index}.name` });
  return <>{name.trim() || t('menu.editor.options.untitledGroup', { number: index + 1 })}</>;
}

function OptionGroupEditor({
  form,
  index,
  currency,
  onRemove,
}: {
  form: Form;
  index: number;
  currency: string;
  onRemove: () => void;
}) {
  const { control, register, setValue, getValues, formState } = form;
  const headingId = useId();
  const choices = useFieldArray({ control, name: `options.${index}.choices` });
  const errors = formState.errors.options?.[index];
  const choicesError = listError(errors?.choices as Parameters<typeof listError>[0]);
  const revalidate = formState.isSubmitted;
  const groupLabel =
    getValues(`options.${index}.name`).trim() ||
    t('menu.editor.options.untitledGroupInSentence', { number: index + 1 });

  return (
    <fieldset
      aria-labelledby={headingId}
      className="flex min-w-0 flex-col gap-4 rounded-lg border border-line bg-surface p-3 sm:p-4"
      data-testid="option-group"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="min-w-0 truncate text-sm font-semibold text-ink">
          <GroupName control={control} index={index} />
        </h3>
        <Button
          variant="ghost"
          className="shrink-0 text-red-700 hover:bg-red-50 hover:text-red-800"
          onClick={onRemove}
          aria-label={t('menu.editor.options.removeGroup', { group: groupLabel })}
        >
          <TrashIcon className="size-4" />
          {t('menu.editor.options.remove')}
        </Button>
      </div>

      <TextField
        label={t('menu.editor.options.groupName')}
        placeholder={t('menu.editor.options.groupNamePlaceholder')}
        error={errors?.name?.message}
        {...register(`options.${index}.name`)}
      />
      <CheckboxField
        label={t('menu.editor.options.required')}
        hint={t('menu.editor.options.requiredHint')}
        {...register(`options.${index}.required`, {
          onChange: (event: { target: { checked: boolean } }) => {
            const required = event.target.checked;
            const min = getValues(`options.${index}.min`);
            // Keep the bounds consistent with the switch: required → at least one, optional → none.
            if (required && !(min >= 1)) setValue(`options.${index}.min`, 1, { shouldValidate: revalidate });
            if (!required) setValue(`options.${index}.min`, 0, { shouldValidate: revalidate });
          },
        })}
      />
      <div className="grid grid-cols-2 gap-3">
        <TextField
          label={t('menu.editor.options.minimum')}
          type="number"
          inputMode="numeric"
          min={0}
          max={30}
          error={errors?.min?.message}
          {...register(`options.${index}.min`, { valueAsNumber: true })}
        />
        <TextField
          label={t('menu.editor.options.maximum')}
          type="number"
          inputMode="numeric"
          min={1}
          max={30}
          error={errors?.max?.message}
          {...register(`options.${index}.max`, { valueAsNumber: true })}
        />
      </div>
      <p className="-mt-2 text-sm text-ink-muted">{t('menu.editor.options.boundsHint')}</p>

      <FieldGroup
        label={t('menu.editor.options.choices')}
        hint={t('menu.editor.options.choicesHint')}
        error={choicesError}
        announceError
      >
        <div className="flex flex-col gap-3">
          {choices.fields.map((choice, choiceIndex) => {
            const choiceErrors = errors?.choices?.[choiceIndex];
            return (
              <div key={choice.id} className="flex items-start gap-2" data-testid="option-choice">
                <TextField
                  className="min-w-0 flex-1"
                  label={t('menu.editor.options.choice', { number: choiceIndex + 1 })}
                  placeholder={
                    choiceIndex === 0
                      ? t('menu.editor.options.choicePlaceholderFirst')
                      : t('menu.editor.options.choicePlaceholderOther')
                  }
                  error={choiceErrors?.name?.message}
                  {...register(`options.${index}.choices.${choiceIndex}.name`)}
                />
                <TextField
                  className="w-24 shrink-0 sm:w-32"
                  label={t('menu.editor.options.extra', { currency })}
                  inputMode="decimal"
                  placeholder={formatPriceInput(0, currency)}
                  error={choiceErrors?.price?.message}
                  {...register(`options.${index}.choices.${choiceIndex}.price`)}
                />
                <button
                  type="button"
                  onClick={() => choices.remove(choiceIndex)}
                  disabled={choices.fields.length === 1}
                  className="mt-6 flex size-11 shrink-0 items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 hover:text-ink disabled:cursor-not-allowed disabled:opacity-40"
                  aria-label={t('menu.editor.options.removeChoice', {
                    number: choiceIndex + 1,
                    group: groupLabel,
                  })}
                >
                  <CloseIcon className="size-4" />
                </button>
              </div>
            );
          })}
          <div>
            <Button
              variant="ghost"
              className="text-accent-700 hover:bg-accent-50 hover:text-accent-800"
              onClick={() =>
                choices.append(newOptionChoice(), {
                  shouldFocus: true,
                  focusName: `options.${index}.choices.${choices.fields.length}.name`,
                })
              }
              aria-label={t('menu.editor.options.addChoiceTo', { group: groupLabel })}
            >
              <PlusIcon className="size-4" />
              {t('menu.editor.options.addChoice')}
            </Button>
          </div>
        </div>
      </FieldGroup>
    </fieldset>
  );
}
