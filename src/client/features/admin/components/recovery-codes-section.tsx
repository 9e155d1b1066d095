import { useState } from 'react';
import type { AccountSecurity } from '~/shared/schemas/admin-second-factor';
import { Button } from '~/client/components/ui/button';
import { useToast } from '~/client/components/ui/toast';
import { useRegenerateRecoveryCodes } from '~/client/features/admin/api/account-security';
import { ReauthForm } from './reauth-form';
import { RefusalMessage, SecuritySection, useRefusal } from './security-section';

/** How many recovery codes are left, and ten new ones (the old ones then stop working). */
export function RecoveryCodesSection({
  security,
  onNewCodes,
}: {
  security: AccountSecurity;
  onNewCodes: (codes: string[]) => void;
}) {
  const toast = useToast();
  const regenerate = useRegenerateRecoveryCodes();
  const [asking, setAsking] = useState(false);
  const refusal = useRefusal();
  const left = security.recoveryCodesLeft;
  return (
    <SecuritySection
      title="Recovery codes"
      status={security.hasSecondFactor ? `${left} of 10 left` : 'None'}
      description="One-time codes for when your phone or passkey is not at hand. Making new ones cancels the old ones."
    >
      {!security.hasSecondFactor ? (
        <p className="text-sm text-stone-700">
          You get recovery codes when you set up an authenticator app or a passkey.
        </p>
      ) : asking ? (
        <ReauthForm
          label="Make new recovery codes"
          confirmLabel="Make new codes"
          allowCode={security.totp.enabled}
          pending={regenerate.isPending}
          errors={refusal.errors}
          onCancel={() => {
            setAsking(false);
            refusal.clear();
          }}
          onConfirm={(input) =>
            regenerate.mutate(input, {
              onSuccess: ({ recoveryCodes }) => {
                setAsking(false);
                refusal.clearFields();
                toast({
                  title: 'New Recovery Codes',
                  description: 'The old codes no longer work.',
                });
                onNewCodes(recoveryCodes);
              },
              onError: refusal.show,
            })
          }
        />
      ) : (
        <Button
          variant="ghost"
          className="self-start border border-stone-400"
          onClick={() => setAsking(true)}
        >
          Make new recovery codes
        </Button>
      )}
      <RefusalMessage message={refusal.message} />
    </SecuritySection>
  );
}
