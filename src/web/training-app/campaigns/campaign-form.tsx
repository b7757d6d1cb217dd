import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useController, useForm, type FieldErrors } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { campaignMessages as m } from '../../../common/messages';
import { AlertBox } from '../../components/alert-box';
import { FormField } from '../../components/form-field';
import { ApiError } from '../../lib/api-client';
import { apiErrorMessage } from '../../lib/api-error-message';
import { dashboardKey } from '../dashboard/dashboard-api';
import { LeaveGuard } from '../templates/leave-guard';
import { CampaignAudienceSummary } from './campaign-audience-summary';
import { clearDraft, saveDraft, type CampaignDraft, type PersonLabel } from './campaign-draft';
import {
  CAMPAIGN_FORM_FIELDS,
  campaignFormResolver,
  inputOf,
  serverFieldErrors,
  type CampaignFormField,
  type CampaignFormValues,
} from './campaign-form-schema';
import { previewSchedule, withOwnReservation } from './campaign-schedule-text';
import { CampaignScheduleFields } from './campaign-schedule-fields';
import { CampaignSchedulePreview } from './campaign-schedule-preview';
import { CampaignTargetsField } from './campaign-targets-field';
import { CampaignTemplatePicker } from './campaign-template-picker';
import { campaignKeys, createCampaign, updateCampaign } from './campaigns-api';
import { targetsOf, useAudience } from './use-audience';
import { useNow } from './use-now';

type Props = {
  initial: CampaignDraft;
  /** Came back from the confirmation with values that are not saved anywhere yet. */
  restored: boolean;
  cancelTo: string;
  /** Mails the edited campaign already holds of the month's allowance (a scheduled one gives them back when planned again). */
  reserved: number;
  /** 「下書き保存」 is for drafts: saving a scheduled campaign plans it again at once, so that goes through the confirmation. */
  draftSave: boolean;
};

/** The create and edit form (issue 11 "/campaigns/create"): name, templates, targets and schedule, each checked live. */
export function CampaignForm({ initial, restored, cancelTo, reserved, draftSave }: Props) {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const form = useForm<CampaignFormValues>({ resolver: campaignFormResolver, defaultValues: initial.values, shouldFocusError: false });
  const { register, control, handleSubmit, setError, setFocus, trigger, watch, formState } = form;
  const { errors, isSubmitting, isSubmitted, isDirty } = formState;
  const templates = useController({ control, name: 'template_ids' });
  const mode = useController({ control, name: 'target_mode' });
  const groups = useController({ control, name: 'group_ids' });
  const users = useController({ control, name: 'user_ids' });
  const templatesRef = useRef<HTMLFieldSetElement>(null);
  const targetsRef = useRef<HTMLFieldSetElement>(null);
  const failureRef = useRef<HTMLDivElement>(null);
  const leaving = useRef(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [people, setPeople] = useState<PersonLabel[]>(initial.people);
  const now = useNow();

  const values = watch();
  const audience = useAudience(targetsOf(values));
  const count = audience.query.data?.sendable ?? 0;
  const scheduleKey = JSON.stringify([values.start_mode, values.start_local, values.spread, values.end_local, values.business_hours_only, values.weekdays_only, values.skip_holidays, values.randomize]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- scheduleKey holds every value the plan reads
  const preview = useMemo(() => previewSchedule(values, count, now), [scheduleKey, count, now]);

  // Once a submit has shown messages, they follow every change: the time checks read several inputs at once.
  const targetsKey = JSON.stringify(targetsOf(values));
  useEffect(() => {
    if (isSubmitted) void trigger(['start_local', 'end_local']);
  }, [scheduleKey, isSubmitted, trigger]);
  useEffect(() => {
    if (isSubmitted) void trigger('user_ids');
  }, [targetsKey, isSubmitted, trigger]);

  const onPeopleSeen = useCallback((seen: PersonLabel[]) => {
    setPeople((current) => {
      const known = new Set(current.map((person) => person.user_id));
      const added = seen.filter((person) => !known.has(person.user_id));
      return added.length === 0 ? current : [...current, ...added];
    });
  }, []);

  const focusField = (field: CampaignFormField) => {
    if (field === 'template_ids') templatesRef.current?.focus();
    else if (field === 'user_ids') targetsRef.current?.focus();
    else setFocus(field);
  };

  const onInvalid = (invalid: FieldErrors<CampaignFormValues>) => {
    const first = CAMPAIGN_FORM_FIELDS.find((field) => invalid[field]);
    if (first) focusField(first);
  };

  const draftOf = (checked: CampaignFormValues): CampaignDraft => ({
    values: checked,
    campaignId: initial.campaignId,
    people: people.filter((person) => checked.user_ids.includes(person.user_id)),
  });

  const toConfirm = async (checked: CampaignFormValues) => {
    const draft = draftOf(checked);
    saveDraft(draft);
    leaving.current = true;
    // The browser's back button from the confirmation then finds these values here, not an empty form.
    await navigate(location.pathname, { replace: true, state: { draft } });
    await navigate('/campaigns/confirm', { state: { draft } });
  };

  const saveAsDraft = async (checked: CampaignFormValues) => {
    setFailure(null);
    leaving.current = true;
    try {
      const input = inputOf(checked);
      const saved = initial.campaignId === null ? await createCampaign(input) : await updateCampaign(initial.campaignId, input);
      // A draft carried to the confirmation earlier is now saved; starting it from there would create a second one.
      clearDraft();
      await Promise.all([queryClient.invalidateQueries({ queryKey: campaignKeys.all }), queryClient.invalidateQueries({ queryKey: dashboardKey })]);
      void navigate(`/campaigns/${saved.campaign.campaign_id}`, { state: { notice: initial.campaignId === null ? m.created : m.updated } });
    } catch (error) {
      leaving.current = false;
      const fields = error instanceof ApiError && error.status === 422 ? serverFieldErrors(error.fieldErrors) : {};
      const entries = Object.entries(fields) as Array<[CampaignFormField, string]>;
      for (const [field, message] of entries) setError(field, { type: 'server', message });
      const first = CAMPAIGN_FORM_FIELDS.find((field) => fields[field]);
      if (first) {
        window.setTimeout(() => focusField(first), 0);
        return;
      }
      setFailure(apiErrorMessage(error, 'キャンペーンを保存できませんでした。時間をおいて再度お試しください。'));
      window.setTimeout(() => failureRef.current?.focus(), 0);
    }
  };

  return (
    <form className="cmp-form" noValidate onSubmit={handleSubmit(toConfirm, onInvalid)} aria-busy={isSubmitting || undefined}>
      <LeaveGuard dirty={isDirty || restored} allowed={() => leaving.current} />
      {failure && (
        <AlertBox ref={failureRef} tone="error" title="保存できませんでした">
          <p>{failure}</p>
        </AlertBox>
      )}
      <section className="card cmp-section" aria-labelledby="campaign-basics">
        <h2 id="campaign-basics" className="cmp-section__title">
          基本情報
        </h2>
        <FormField label="キャンペーン名" required className="cmp-name" error={errors.campaign_name?.message} hint="管理用の名前です。受講者には表示されません。例：2026年12月 全社訓練">
          {(props) => <input {...props} {...register('campaign_name')} className="input" autoComplete="off" />}
        </FormField>
      </section>
      <section className="card cmp-section">
        <CampaignTemplatePicker selected={templates.field.value} onChange={templates.field.onChange} error={errors.template_ids?.message} focusRef={templatesRef} />
      </section>
      <section className="card cmp-section">
        <CampaignTargetsField
          mode={mode.field.value}
          onMode={mode.field.onChange}
          groupIds={groups.field.value}
          onGroups={groups.field.onChange}
          userIds={users.field.value}
          onUsers={users.field.onChange}
          people={people}
          onPeopleSeen={onPeopleSeen}
          error={errors.user_ids?.message}
          focusRef={targetsRef}
        >
          <CampaignAudienceSummary audience={audience.query.data && withOwnReservation(audience.query.data, reserved)} loading={audience.query.isFetching} stale={audience.stale} error={audience.query.error} />
        </CampaignTargetsField>
      </section>
      <section className="card cmp-section">
        <CampaignScheduleFields register={register} errors={errors} startMode={values.start_mode} spread={values.spread} now={now}>
          <CampaignSchedulePreview preview={preview} counting={audience.stale || audience.query.isPending} countUnknown={audience.query.isError && !audience.query.data} />
        </CampaignScheduleFields>
      </section>
      <div className="cmp-form__actions">
        <Link to={cancelTo} className="button button--secondary">
          キャンセル
        </Link>
        {draftSave && (
          <button type="button" className="button button--secondary" disabled={isSubmitting} onClick={(event) => void handleSubmit(saveAsDraft, onInvalid)(event)}>
            {isSubmitting ? '保存中...' : '下書き保存'}
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={isSubmitting}>
          確認へ進む
        </button>
      </div>
    </form>
  );
}
