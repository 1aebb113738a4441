import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { isHttpError } from '../../../lib/api-client';
import { applyServerErrors } from '../../../lib/form-errors';
import { t } from '../../../lib/i18n/i18n';
import { useCreateSettlementAccount } from '../api/create-settlement-account';
import { accountLabel } from '../model/payout-amount';
import {
  emptySettlementAccountForm,
  SETTLEMENT_ACCOUNT_FIELDS,
  type SettlementAccountFormOutput,
  type SettlementAccountFormValues,
  settlementAccountResolver,
} from '../model/settlement-account-form';

const ACCOUNTS_PATH = '/dashboard/settlement/accounts';

/** A new bank account for payouts. Saving returns to the accounts list. */
export function AddAccountForm() {
  const navigate = useNavigate();
  const toast = useToast();
  const creation = useCreateSettlementAccount();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SettlementAccountFormValues, unknown, SettlementAccountFormOutput>({
    resolver: settlementAccountResolver(),
    defaultValues: emptySettlementAccountForm(),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await creation.mutateAsync(values);
      const account = accountLabel(created);
      toast.success(
        created.isDefault
          ? t('settlement.addAccount.addedAsDefault', { account })
          : t('settlement.addAccount.added', { account }),
      );
      await navigate(ACCOUNTS_PATH);
    } catch (error) {
      if (isHttpError(error, 409) && error.code === 'DUPLICATE') {
        setError(
          'accountNumber',
          { type: 'server', message: t('settlement.accountForm.accountNumberDuplicate') },
          { shouldFocus: true },
        );
      } else {
        setFormError(applyServerErrors(error, setError, SETTLEMENT_ACCOUNT_FIELDS));
      }
    }
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={t('settlement.addAccount.formLabel')}
      className="flex max-w-2xl flex-col gap-6"
    >
      <Card className="flex flex-col gap-4">
        <TextField
          label={t('settlement.accountForm.bankName')}
          autoComplete="off"
          error={errors.bankName?.message}
          {...register('bankName')}
        />
        <TextField
          label={t('settlement.accountForm.accountName')}
          autoComplete="off"
          hint={t('settlement.accountForm.accountNameHint')}
          error={errors.accountName?.message}
          {...register('accountName')}
        />
        <TextField
          label={t('settlement.accountForm.accountNumber')}
          autoComplete="off"
          spellCheck={false}
          hint={t('settlement.accountForm.accountNumberHint')}
          error={errors.accountNumber?.message}
          {...register('accountNumber')}
        />
        <CheckboxField
          label={t('settlement.accountForm.isDefault')}
          hint={t('settlement.accountForm.isDefaultHint')}
          {...register('isDefault')}
        />
      </Card>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" pending={isSubmitting} pendingLabel={t('settlement.addAccount.adding')}>
          {t('settlement.addAccount.submit')}
        </Button>
        <Link to={ACCOUNTS_PATH} className={buttonClassName('secondary')}>
          {t('settlement.addAccount.cancel')}
        </Link>
      </div>
    </form>
  );
}
