import type { FastifyInstance } from 'fastify';
import { CORPORATE_PRIVACY_ENACTED, CORPORATE_PRIVACY_OUTLINE, CORPORATE_PRIVACY_PREAMBLE, corporatePrivacyArticles } from './corporate-privacy.content';
import { CORPORATE_TERMS_ENACTED, CORPORATE_TERMS_OUTLINE, CORPORATE_TERMS_PREAMBLE, corporateTermsArticles } from './corporate-terms.content';
import { type LegalPageDeps, registerLegalPage, renderLegalDocument } from './legal-document';
import { CORPORATE_PRIVACY_PATH, CORPORATE_TERMS_PATH, TERMS_PATH } from '../../../common/legal-paths';
import { registerPrivacyPage } from './privacy-page';
import { TERMS_ENACTED, TERMS_OUTLINE, TERMS_PREAMBLE, termsArticles } from './terms.content';

/** The documents besides /privacy (whose text depends on configuration), rendered once. */
export const renderTerms = () =>
  renderLegalDocument({ name: '利用規約', prefix: TERMS_OUTLINE.prefix, enacted: TERMS_ENACTED, preamble: TERMS_PREAMBLE, articles: termsArticles() });

export const renderCorporateTerms = () =>
  renderLegalDocument({
    name: '法人向け利用規約',
    prefix: CORPORATE_TERMS_OUTLINE.prefix,
    enacted: CORPORATE_TERMS_ENACTED,
    preamble: CORPORATE_TERMS_PREAMBLE,
    articles: corporateTermsArticles(),
  });

export const renderCorporatePrivacy = () =>
  renderLegalDocument({
    name: '法人向けプライバシーポリシー',
    prefix: CORPORATE_PRIVACY_OUTLINE.prefix,
    enacted: CORPORATE_PRIVACY_ENACTED,
    preamble: CORPORATE_PRIVACY_PREAMBLE,
    articles: corporatePrivacyArticles(),
  });

interface LegalPagesDeps extends LegalPageDeps {
  /** The screenshot retention the server enforces, stated by /privacy. */
  originalRetentionDays: number;
}

/** /terms and /privacy for individuals, /corporate/terms and /corporate/privacy for organisations. */
export function registerLegalPages(app: FastifyInstance, deps: LegalPagesDeps): void {
  registerLegalPage(app, deps, {
    path: TERMS_PATH,
    title: '利用規約｜キヅキ Kizuki',
    description:
      'キヅキ（個人向けフィッシング対策訓練・Kizuki DB）の利用規約です。訓練メールの送信と配信停止、Kizuki DBへの報告と削除、禁止事項、免責などを定めています。',
    body: renderTerms(),
  });
  registerPrivacyPage(app, deps);
  registerLegalPage(app, deps, {
    path: CORPORATE_TERMS_PATH,
    title: '法人向け利用規約｜キヅキ Kizuki',
    description:
      '法人・団体向けフィッシング対策訓練サービス「キヅキ」の利用規約です。利用登録、料金プラン、訓練を実施する権限、禁止事項、契約者データの取扱い、契約期間などを定めています。',
    body: renderCorporateTerms(),
  });
  registerLegalPage(app, deps, {
    path: CORPORATE_PRIVACY_PATH,
    title: '法人向けプライバシーポリシー｜キヅキ Kizuki',
    description:
      '法人・団体向けフィッシング対策訓練サービス「キヅキ」における、管理者の方と訓練対象の従業員の方の個人情報の取扱い（取得する情報、利用目的、委託、保存期間、開示等の請求など）を定めたプライバシーポリシーです。',
    body: renderCorporatePrivacy(),
  });
}
