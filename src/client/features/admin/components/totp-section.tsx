import { useState } from 'react';
import type { AccountSecurity, TotpSetup } from '~/shared/schemas/admin-second-factor';
import { Button } from '~/client/components/ui/button';
import { useToast } from '~/client/components/ui/toast';
import { formatDateTime } from '~/client/lib/format-date-time';
import {
  useConfirmTotp,
  useDisableTotp,
  useStartTotpSetup,
} from '~/client/features/admin/api/account-security';
import { plainMessage } from '~/client/features/admin/lib/plain-message';
import { ReauthForm } from './reauth-form';
import { RefusalMessage, SecuritySection, useRefusal } from './security-section';
import { TotpSetupForm } from './totp-setup-form';

/** The authenticator app: set it up (QR code, then a first code), or switch it off. */
export function TotpSection({
  security,
  onNewCodes,
}: {
  security: AccountSecurity;
  onNewCodes: (codes: string[]) => void;
}) {
  const toast = useToast();
  const start = useStartTotpSetup();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [switchingOff, setSwitchingOff] = useState(false);
  const refusal = useRefusal();
  const { enabled, enabledAt } = security.totp;

  const failed = (title: string) => (error: unknown) => {
    refusal.show(error);
    toast({ title, description: plainMessage(error), variant: 'destructive' });
  };
  const reset = () => {
    setSetup(null);
    setSwitchingOff(false);
    refusal.clear();
  };

  return (
    <SecuritySection
      title="Authenticator app"
      status={enabled ? `On since ${formatDateTime(enabledAt!)}` : 'Off'}
      description="A phone app that shows a new 6-digit code every 30 seconds, asked for after your password."
    >
      {!enabled && !setup ? (
        <Button
          variant="secondary"
          className="self-start"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (answer) => {
                reset();
                setSetup(answer);
              },
              onError: failed('Could Not Start'),
            })
          }
        >
          {start.isPending ? 'Preparing...' : 'Set up an authenticator app'}
        </Button>
      ) : null}
      {!enabled && setup ? (
        <TotpSetupForm
          setup={setup}
          pending={confirm.isPending}
          error={refusal.errors.code}
          passwordError={refusal.errors.password}
          askPassword
          onCancel={reset}
          onConfirm={(code, password) =>
            confirm.mutate(
              { code, password },
              {
                onSuccess: ({ recoveryCodes }) => {
                  reset();
                  toast({
                    title: 'Authenticator App On',
                    description: 'Sign-ins now ask for a code from your app.',
                  });
                  if (recoveryCodes) onNewCodes(recoveryCodes);
                },
                onError: failed('Could Not Turn On'),
              },
            )
          }
        />
      ) : null}
      {enabled && !switchingOff ? (
        <Button
          variant="ghost"
          className="self-start border border-stone-400"
          onClick={() => {
            reset();
            setSwitchingOff(true);
          }}
        >
          Switch off
        </Button>
      ) : null}
      {enabled && switchingOff ? (
        <ReauthForm
          label="Switch off the authenticator app"
          confirmLabel="Switch off"
          allowCode
          pending={disable.isPending}
          errors={refusal.errors}
          onCancel={reset}
          onConfirm={(input) =>
            disable.mutate(input, {
              onSuccess: () => {
                reset();
                toast({
                  title: 'Authenticator App Off',
                  description: 'It no longer signs you in.',
                });
              },
              onError: failed('Could Not Switch Off'),
            })
          }
        />
      ) : null}
      <RefusalMessage message={refusal.message} />
    </SecuritySection>
  );
}
