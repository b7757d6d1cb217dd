import type { FastifyInstance } from 'fastify';
import { reportMessages } from '../../../common/messages';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import { readMultipartForm } from '../../lib/multipart-form';
import { zodRoutes } from '../../lib/zod-route';
import type { RateLimiters } from '../../plugins/rate-limit.plugin';
import { inspectScreenshot } from '../phishing-reports/screenshot-image';
import { analyzeMultipartDocSchema, analyzeResponseSchema } from './screenshot-analysis.schema';
import type { ScreenshotAnalyzer } from './screenshot-ocr.types';

interface RouteDeps {
  analyzer: ScreenshotAnalyzer;
  config: AppConfig;
  rateLimiters: RateLimiters;
}

export function registerScreenshotAnalysisRoutes(app: FastifyInstance, { analyzer, config, rateLimiters }: RouteDeps): void {
  zodRoutes(app).post('/api/phishing-reports/analyze-screenshot', {
    onRequest: rateLimiters.hourly({ bucket: 'screenshot-analyze', max: config.rateLimits.screenshotAnalyze, message: reportMessages.analyzeRateLimited }),
    schema: { response: { 200: analyzeResponseSchema } },
    config: {
      openapi: {
        summary: 'Read a screenshot with OCR to fill the report form', tags: ['Kizuki DB'], multipartBody: analyzeMultipartDocSchema,
        errors: {
          413: 'Screenshot over 10 MB', 419: 'CSRF token missing or wrong', 422: 'No screenshot, or not a readable JPEG/PNG/GIF of allowed size and shape',
          429: 'Too many analyses from this client', 503: 'Every OCR worker is busy and the queue is full, or the image queue is full',
        },
      },
    },
  }, async (request) => {
    const form = await readMultipartForm(request, { fileFields: ['screenshot'], tooLargeMessage: reportMessages.submitTooLarge });
    const screenshot = form.files.screenshot;
    if (!screenshot) throw AppError.validation({ screenshot: [reportMessages.screenshotType] }, reportMessages.analyzeFailed);
    // The upload's header checks (format from the bytes, pixels, sides, shape) at the boundary, as
    // for a report: an image no report could carry is refused before any analyzer sees it.
    await inspectScreenshot(screenshot, reportMessages.analyzeFailed);
    try {
      const analysis = await analyzer.analyze(screenshot);
      return { success: true as const, data: { form_data: analysis.formData } };
    } catch (error) {
      if (error instanceof AppError) throw error;
      request.log.error({ err: error }, 'screenshot analysis failed');
      throw new AppError('INTERNAL', reportMessages.analyzeServerError);
    }
  });
}
