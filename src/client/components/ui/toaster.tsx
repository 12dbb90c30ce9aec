import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD } from '#shared/constants.js';
import { Toast, ToastAction, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { dismiss, useToast } from './use-toast';
import { useT } from '@/lib/i18n';

/** Renders the toasts of the store; mounted once, in the app's providers. */
export function Toaster() {
  const { toasts } = useToast();
  const t = useT();
  return (
    // Radix's own words for screen readers ("Notification", "Notifications ({hotkey})") in the page's language.
    <ToastProvider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label={t('core.toast.notification')}
    >
      {toasts.map(({ id, title, description, variant, duration, action, open }) => (
        <Toast
          key={id}
          variant={variant}
          duration={duration}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
        >
          <div className="grid gap-1">
            {title ? <ToastTitle>{title}</ToastTitle> : null}
            {description ? <ToastDescription>{description}</ToastDescription> : null}
            {action ? <ToastAction {...action} /> : null}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={[...TOAST_HOTKEY]} label={t('core.toast.region', { hotkey: '{hotkey}' })} />
    </ToastProvider>
  );
}
