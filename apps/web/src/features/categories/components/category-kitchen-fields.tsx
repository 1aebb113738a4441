import type { TStation } from '@tavolo/contract/kitchen';
import { SelectField } from '../../../components/ui/select-field';
import { COURSES, courseChoiceLabel } from '../../../lib/courses';
import { stationName } from '../../../lib/get-stations';
import { t } from '../../../lib/i18n/i18n';
import type { CategoryForm } from './category-translation-fields';

/**
 * Where a category's dishes are made and in which course they go out. The station is picked from
 * the restaurant's stations ('' is Kitchen); without the list (still loading, or not readable by this
 * person) the select stays away and the category keeps its station.
 */
export function CategoryKitchenFields({
  form,
  stations,
}: {
  form: CategoryForm;
  stations: readonly TStation[] | undefined;
}) {
  const {
    register,
    formState: { errors },
  } = form;
  const stationOptions = stations
    ? [
        { value: '', label: stationName(stations, null) },
        ...stations
          .filter((station) => !station.isDefault)
          .map((station) => ({ value: station.id, label: station.name })),
      ]
    : null;
  return (
    <>
      {stationOptions ? (
        <SelectField
          label={t('categories.form.station')}
          options={stationOptions}
          error={errors.stationId?.message}
          {...register('stationId')}
        />
      ) : null}
      <SelectField
        label={t('categories.form.course')}
        hint={t('categories.form.courseHint')}
        options={COURSES.map((course) => ({ value: String(course), label: courseChoiceLabel(course) }))}
        error={errors.course?.message}
        // As well as react-hook-form's: a select whose options render after it is registered keeps its first.
        defaultValue={form.formState.defaultValues?.course}
        {...register('course')}
      />
    </>
  );
}
