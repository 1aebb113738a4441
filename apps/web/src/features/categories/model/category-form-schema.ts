import { ZCreateCategoryRequest } from '@tavolo/contract/menu';
import { z } from 'zod';
import { t } from '../../../lib/i18n/i18n';

/*
 * The category forms check what people type with the contract's rules, and say what is wrong in
 * the person's language: the contract's own messages are English predicates ("is required").
 */

const ZCategoryFormShape = z.object({ name: z.string(), description: z.string() });

function toFormMessage(issue: z.core.$ZodIssue): string {
  const max = issue.code === 'too_big' ? Number(issue.maximum) : undefined;
  switch (issue.path[0]) {
    case 'name':
      return max === undefined
        ? t('categories.form.errors.nameRequired')
        : t('categories.form.errors.nameTooLong', { max });
    case 'description':
      if (max !== undefined) return t('categories.form.errors.descriptionTooLong', { max });
  }
  return t('categories.form.errors.invalid');
}

/** The schema for `zodResolver`: the values it gives are the contract's (a trimmed name). */
export function categoryFormSchema() {
  return ZCategoryFormShape.transform((values, ctx) => {
    const result = ZCreateCategoryRequest.safeParse(values);
    if (result.success) return result.data;
    for (const issue of result.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: toFormMessage(issue) });
    }
    return z.NEVER;
  });
}
