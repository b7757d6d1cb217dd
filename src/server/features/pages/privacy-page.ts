import type { FastifyInstance } from 'fastify';
import type { SafeHtml } from '../../lib/html';
import { type LegalPageDeps, registerLegalPage, renderLegalArticle, renderLegalDocument } from './legal-document';
import { PRIVACY_PATH } from '../../../common/legal-paths';
import {
  DEFAULT_POLICY_FIGURES,
  PRIVACY_OUTLINE,
  PRIVACY_POLICY_ENACTED,
  PRIVACY_POLICY_PREAMBLE,
  type PolicyArticle,
  type PolicyFigures,
  privacyPolicyArticles,
} from './privacy-policy.content';

export { PRIVACY_PATH } from '../../../common/legal-paths';

const TITLE = 'プライバシーポリシー｜キヅキ Kizuki';
const DESCRIPTION =
  'キヅキ（個人向けフィッシング対策訓練・Kizuki DB）における個人情報の取扱いについて、取得する情報、利用目的、スクリーンショットの取扱い、第三者提供、開示等の請求の方法などを定めたプライバシーポリシーです。';

/** One article; exported for the escaping test. */
export function renderPolicyArticle(article: PolicyArticle): SafeHtml {
  return renderLegalArticle(article, PRIVACY_OUTLINE.prefix);
}

/** The policy document: title, enactment date, table of contents, the articles. */
export function renderPrivacyPolicy(figures: PolicyFigures = DEFAULT_POLICY_FIGURES): SafeHtml {
  return renderLegalDocument({
    name: 'プライバシーポリシー',
    prefix: PRIVACY_OUTLINE.prefix,
    enacted: PRIVACY_POLICY_ENACTED,
    preamble: PRIVACY_POLICY_PREAMBLE,
    articles: privacyPolicyArticles(figures),
  });
}

interface PrivacyPageDeps extends LegalPageDeps {
  /** The retention the server enforces (config), so the policy states what actually happens. */
  originalRetentionDays: number;
}

export function registerPrivacyPage(app: FastifyInstance, deps: PrivacyPageDeps): void {
  registerLegalPage(app, deps, {
    path: PRIVACY_PATH,
    title: TITLE,
    description: DESCRIPTION,
    body: renderPrivacyPolicy({ originalRetentionDays: deps.originalRetentionDays }),
  });
}
