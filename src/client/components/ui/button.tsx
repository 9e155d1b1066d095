import type { AnchorHTMLAttributes, ButtonHTMLAttributes } from 'react';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-gold-500 text-navy-950 hover:bg-gold-400',
  secondary: 'bg-navy-900 text-white hover:bg-navy-800',
  outline: 'border-2 border-current bg-transparent hover:bg-white/10',
  ghost: 'bg-transparent hover:bg-stone-100',
};

export function buttonClass(variant: ButtonVariant = 'primary', extra = '') {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded-full px-6 py-2.5 font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}

export function Button({
  variant,
  className = '',
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

export function ButtonLink({
  variant,
  className = '',
  ...props
}: AnchorHTMLAttributes<HTMLAnchorElement> & { variant?: ButtonVariant }) {
  return <a className={buttonClass(variant, className)} {...props} />;
}
