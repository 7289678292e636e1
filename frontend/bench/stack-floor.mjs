/* global document */
// The least a sign-in form hydrated on this stack can load: React, MUI's form components with
// emotion (right to left too), i18next, react-hook-form and TanStack Query, with no screen of
// ours and no router. bench/initial-js.mjs builds it in the same run as the baseline for /login.
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import { createTheme, ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import { createElement as h } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { useForm } from 'react-hook-form';
import { initReactI18next, useTranslation } from 'react-i18next';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

function SignInForm() {
  const { t } = useTranslation();
  const { register, handleSubmit } = useForm({ defaultValues: { email: '', password: '' } });
  const send = useMutation({ mutationFn: (body) => fetch('/api/v1/auth/login', { method: 'POST', body: JSON.stringify(body) }) });
  return h(Card, null, h(CardContent, null,
    h(Typography, { component: 'h1' }, t('title')),
    send.isPending && h(LinearProgress),
    send.isError && h(Alert, { severity: 'error' }, t('failed')),
    h('form', { onSubmit: handleSubmit((values) => send.mutate(values)) },
      h(TextField, { label: t('email'), ...register('email') }),
      h(TextField, { label: t('password'), type: 'password', ...register('password') }),
      h(Button, { type: 'submit', variant: 'contained' }, t('signIn')),
      h(Link, { href: '/reset-password' }, t('forgot')))));
}

void i18n.use(initReactI18next).init({ lng: 'en', resources: {} });
const cache = createCache({ key: 'rtl', stylisPlugins: [prefixer, rtlPlugin] });
hydrateRoot(
  document.getElementById('root'),
  h(CacheProvider, { value: cache },
    h(ThemeProvider, { theme: createTheme({ colorSchemes: { dark: true } }) },
      h(CssBaseline),
      h(QueryClientProvider, { client: new QueryClient() }, h(SignInForm)))),
);
