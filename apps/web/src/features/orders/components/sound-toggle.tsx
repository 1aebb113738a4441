import { VolumeIcon, VolumeOffIcon } from '../../../components/ui/icons';
import { cn } from '../../../lib/cn';
import { t } from '../../../lib/i18n/i18n';
import type { OrderSound } from './use-order-sound';

/** Browsers play sound only after a tap, so the kitchen turns the chime on once per visit. */
export function SoundToggle({ sound }: { sound: OrderSound }) {
  if (!sound.supported) return null;
  const { on } = sound;
  return (
    <button
      type="button"
      data-sound={on ? 'on' : 'off'}
      onClick={() => (on ? sound.turnOff() : void sound.turnOn())}
      className={cn(
        'inline-flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-bold focus-visible:outline-sky-300',
        on
          ? 'bg-slate-800 text-slate-100 hover:bg-slate-700'
          : 'bg-sky-300 text-slate-950 hover:bg-sky-200 active:bg-sky-400',
      )}
    >
      {on ? <VolumeIcon /> : <VolumeOffIcon />}
      {on ? (
        <>
          <span aria-hidden="true">{t('orders.sound.on')}</span>
          <span className="sr-only">{t('orders.sound.onTurnOff')}</span>
        </>
      ) : sound.waitingForTap ? (
        t('orders.sound.tapToTurnOn')
      ) : (
        t('orders.sound.turnOn')
      )}
    </button>
  );
}
