import { zodResolver } from '@hookform/resolvers/zod';
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
import { useCreateSettlementAccount } from '../api/create-settlement-account';
import { accountLabel } from '../model/payout-amount';
import {
  emptySettlementAccountForm,
  SETTLEMENT_ACCOUNT_FIELDS,
  type SettlementAccountFormOutput,
  type SettlementAccountFormValues,
  settlementAccountFormSchema,
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
    resolver: zodResolver(settlementAccountFormSchema),
    defaultValues: emptySettlementAccountForm(),
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const created = await creation.mutateAsync(values);
      toast.success(
        created.isDefault
          ? `${accountLabel(created)} was added. Payouts go to it by default.`
          : `${accountLabel(created)} was added.`,
      );
      await navigate(ACCOUNTS_PATH);
    } catch (error) {
      if (isHttpError(error, 409) && error.code === 'DUPLICATE') {
        setError(
          'accountNumber',
          { type: 'server', message: 'is already one of your settlement accounts' },
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
      aria-label="New settlement account"
      className="flex max-w-2xl flex-col gap-6"
    >
      <Card className="flex flex-col gap-4">
        <TextField
          label="Bank name"
          autoComplete="off"
          error={errors.bankName?.message}
          {...register('bankName')}
        />
        <TextField
          label="Account holder"
          autoComplete="off"
          hint="The name the bank account is in, usually your company's."
          error={errors.accountName?.message}
          {...register('accountName')}
        />
        <TextField
          label="Account number or IBAN"
          autoComplete="off"
          spellCheck={false}
          hint="Letters and digits; spaces and dashes are ignored. Lists show only the last 4."
          error={errors.accountNumber?.message}
          {...register('accountNumber')}
        />
        <CheckboxField
          label="Make this the default account"
          hint="Payouts go to the default account unless you pick another. Your first account is always the default."
          {...register('isDefault')}
        />
      </Card>
      {formError ? <Alert>{formError}</Alert> : null}
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" pending={isSubmitting} pendingLabel="Adding…">
          Add account
        </Button>
        <Link to={ACCOUNTS_PATH} className={buttonClassName('secondary')}>
          Cancel
        </Link>
      </div>
    </form>
  );
}
