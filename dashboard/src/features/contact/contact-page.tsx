import { submitContact, TempMailError, unwrap } from '@tempmail/sdk';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { SiteLink } from '../../shared/routing/site-link';
import type { ContactPageText } from '../../content/content-types';
import { sitePath } from '../../shared/routing/site-routes';
import { useSiteRoute } from '../../shared/routing/use-site-route';
import { createApiClient } from '../../shared/create-api-client';
import { LINK_BUTTON, PRIMARY_BUTTON, TEXT_INPUT } from '../../shared/ui/button-classes';
import { EmailField } from '../../shared/ui/email-field';
import { FormField } from '../../shared/ui/form-field';
import { usePageText } from '../site/content-queries';
import { fillFacts } from '../site/rich-text';
import { SitePageFrame } from '../site/site-page-frame';
import { useHydrated } from '../../shared/use-hydrated';
import { LIVE_CHAT_URL } from '../../shared/live-chat-url';
import { AppQueries } from '../account/app-queries';
import { busyButton } from '../../shared/ui/busy-button';

const CATEGORIES = [
  'general',
  'technical',
  'billing',
  'pro_account',
  'feature_request',
  'bug_report',
  'other',
] as const;
const PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;

interface ContactForm {
  name: string;
  email: string;
  subject: string;
  category: (typeof CATEGORIES)[number];
  priority: (typeof PRIORITIES)[number];
  message: string;
}

/**
 * The form's starting values. The selects also carry theirs in the markup: the prerendered
 * page shows the form before its script has run, and a select without one shows its first
 * option (Low, not Medium).
 */
const DEFAULTS: ContactForm = {
  name: '',
  email: '',
  subject: '',
  category: 'general',
  priority: 'medium',
  message: '',
};

/**
 * The contact page: the ways to get help (live chat where one is configured, email through
 * the form, the FAQ), the form (posted to `/api/contact`), common questions, response times
 * and business hours.
 */
function ContactContent() {
  const { shownLanguage } = useSiteRoute();
  const content = usePageText<ContactPageText>('contact', shownLanguage);
  const text = content.data;
  const hydrated = useHydrated();
  const form = useForm<ContactForm>({ defaultValues: DEFAULTS });
  const send = useMutation({
    mutationFn: (body: ContactForm) =>
      unwrap(
        submitContact({
          client: createApiClient(),
          body: { ...body, name: body.name.trim(), email: body.email.trim() },
        }),
      ),
    onSuccess: () => form.reset(),
  });
  const errors = form.formState.errors;

  const required = (value: string) => value.trim() !== '' || text?.form.required;
  const options = text?.options.filter((option) => option.id !== 'chat' || LIVE_CHAT_URL);

  return (
    <SitePageFrame
      title={text?.title}
      description={text?.description}
      heading={text?.heading}
      intro={text?.intro}
      loading={content.isPending}
    >
      {text && (
        <div className="space-y-10">
          <ul
            className={`grid gap-4 ${options?.length === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2'}`}
          >
            {options?.map((option) => (
              <li
                key={option.id}
                className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-700 dark:bg-slate-900"
              >
                <h2 className="font-semibold">{option.title}</h2>
                <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{option.text}</p>
                {option.id === 'faq' ? (
                  <SiteLink
                    to={sitePath('faq', shownLanguage)}
                    className={`mt-2 inline-block ${LINK_BUTTON}`}
                  >
                    {option.action}
                  </SiteLink>
                ) : option.id === 'chat' ? (
                  <a
                    href={LIVE_CHAT_URL}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={`mt-2 inline-block ${LINK_BUTTON}`}
                  >
                    {option.action}
                  </a>
                ) : (
                  <a href="#contact-form" className={`mt-2 inline-block ${LINK_BUTTON}`}>
                    {option.action}
                  </a>
                )}
              </li>
            ))}
          </ul>

          <section id="contact-form" aria-labelledby="contact-form-heading">
            <h2 id="contact-form-heading" className="mb-4 text-2xl font-semibold">
              {text.form.heading}
            </h2>
            {send.isSuccess ? (
              <div
                role="status"
                className="rounded-2xl bg-green-50 p-4 text-green-900 dark:bg-green-950 dark:text-green-100"
              >
                <p className="font-semibold">{text.form.success}</p>
                <button
                  type="button"
                  onClick={() => send.reset()}
                  className={`mt-2 ${LINK_BUTTON}`}
                >
                  {text.form.another}
                </button>
              </div>
            ) : (
              <form
                noValidate
                onSubmit={form.handleSubmit((values) => send.mutate(values))}
                className="grid gap-4 sm:grid-cols-2"
              >
                <FormField label={text.form.name} error={errors.name?.message}>
                  {(control) => (
                    <input
                      {...control}
                      autoComplete="name"
                      className={TEXT_INPUT}
                      required
                      {...form.register('name', { validate: required })}
                    />
                  )}
                </FormField>
                <EmailField
                  control={form.control}
                  name="email"
                  label={text.form.email}
                  messages={{ required: text.form.required, invalid: text.form.invalidEmail }}
                />
                <div className="sm:col-span-2">
                  <FormField label={text.form.subject} error={errors.subject?.message}>
                    {(control) => (
                      <input
                        {...control}
                        className={TEXT_INPUT}
                        required
                        {...form.register('subject', { validate: required })}
                      />
                    )}
                  </FormField>
                </div>
                <FormField label={text.form.category}>
                  {(control) => (
                    <select
                      {...control}
                      className={TEXT_INPUT}
                      defaultValue={DEFAULTS.category}
                      {...form.register('category')}
                    >
                      {CATEGORIES.map((category) => (
                        <option key={category} value={category}>
                          {text.categories[category]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <FormField label={text.form.priority}>
                  {(control) => (
                    <select
                      {...control}
                      className={TEXT_INPUT}
                      defaultValue={DEFAULTS.priority}
                      {...form.register('priority')}
                    >
                      {PRIORITIES.map((priority) => (
                        <option key={priority} value={priority}>
                          {text.priorities[priority]}
                        </option>
                      ))}
                    </select>
                  )}
                </FormField>
                <div className="sm:col-span-2">
                  <FormField label={text.form.message} error={errors.message?.message}>
                    {(control) => (
                      <textarea
                        {...control}
                        rows={5}
                        className={TEXT_INPUT}
                        required
                        {...form.register('message', { validate: required })}
                      />
                    )}
                  </FormField>
                </div>
                {send.isError && (
                  <div
                    role="alert"
                    className="rounded-lg bg-red-50 p-3 text-red-800 sm:col-span-2 dark:bg-red-950 dark:text-red-200"
                  >
                    {/* A refusal for too many messages says so, and when to try again. */}
                    {send.error instanceof TempMailError && send.error.status === 429
                      ? text.form.rateLimited.replace(
                          '{{wait}}',
                          String(Math.max(1, Math.ceil((send.error.retryAfter ?? 60) / 60))),
                        )
                      : text.form.error}
                  </div>
                )}
                <div className="sm:col-span-2">
                  <button
                    type="submit"
                    // Before its script runs the form cannot send: a plain disabled button.
                    disabled={!hydrated}
                    {...busyButton(send.isPending)}
                    className={PRIMARY_BUTTON}
                  >
                    {send.isPending ? text.form.sending : text.form.submit}
                  </button>
                </div>
              </form>
            )}
          </section>

          <section aria-labelledby="common-questions">
            <h2 id="common-questions" className="mb-3 text-2xl font-semibold">
              {text.commonQuestions.heading}
            </h2>
            <dl className="space-y-3">
              {text.commonQuestions.items.map((item) => (
                <div key={item.question}>
                  <dt className="font-medium">{item.question}</dt>
                  <dd className="text-slate-600 dark:text-slate-300">
                    {fillFacts(item.answer, shownLanguage)}
                  </dd>
                </div>
              ))}
            </dl>
          </section>

          <div className="grid gap-6 sm:grid-cols-2">
            <section aria-labelledby="response-times">
              <h2 id="response-times" className="mb-2 text-xl font-semibold">
                {text.responseTimes.heading}
              </h2>
              <ul className="space-y-1">
                {Object.entries(text.responseTimes.items).map(([key, value]) => (
                  <li key={key}>{value}</li>
                ))}
              </ul>
            </section>
            <section aria-labelledby="business-hours">
              <h2 id="business-hours" className="mb-2 text-xl font-semibold">
                {text.businessHours.heading}
              </h2>
              <p>{text.businessHours.text}</p>
            </section>
          </div>
        </div>
      )}
    </SitePageFrame>
  );
}

/** The page, with the app's data layer it calls the API through. */
export function ContactPage() {
  return (
    <AppQueries>
      <ContactContent />
    </AppQueries>
  );
}
