import { EditOutlined } from '@ant-design/icons';
import { CanAccess, useCustom, useNotification } from '@refinedev/core';
import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { RouteLayout } from '../../../components/layout/RouteLayout.tsx';
import { routePath, useCarriedPath } from '../../../routes/useCarriedPath.ts';
import { currentIdToken } from '../../../storage/idToken.ts';
import { ApiErrorAlert } from '../../../components/errors/ApiErrorAlert.tsx';
import { type ApiErrorLike, apiErrorText } from '../../../components/errors/apiErrorText.ts';
import { DeleteFeedButton } from '../DeleteFeedButton.tsx';
import { FeedFormModal } from '../FeedFormModal.tsx';
import { FEED_IMPORT_RUN_QUERY, PRODUCT_FEED_QUERY, type FeedDetail, type FeedRun } from '../queries.ts';
import { isRunning } from '../runs.ts';
import { uploadFeedFile } from '../uploadFeedFile.ts';
import { FeedSettings } from './FeedSettings.tsx';
import { ImportControls } from './ImportControls.tsx';
import { POLL_MS, RowErrors } from './RowErrors.tsx';
import { RunHistory } from './RunHistory.tsx';
import { RunProgress, type SendingFile } from './RunProgress.tsx';

/** The run history the page shows (the API gives at most 100 at once). */
const HISTORY_LIMIT = 100;

/**
 * /product-feeds/[productFeedId]: the feed's settings; "Import now" (URL feed) or the file upload
 * (upload feed); the running import's progress (polled), its row errors as they come, and the
 * run history.
 */
export default function ProductFeedDetailPage() {
  const { t } = useTranslation();
  const { productFeedId = '' } = useParams();
  const navigate = useNavigate();
  const carried = useCarriedPath();
  const { open: notify } = useNotification();
  const [editing, setEditing] = useState(false);
  /** The file being sent, until the route answers. */
  const [sending, setSending] = useState<SendingFile | null>(null);
  const [uploadError, setUploadError] = useState<ApiErrorLike | null>(null);
  /** The run whose progress is shown (started here, or found running). */
  const [followed, setFollowed] = useState<{ id: string; fileSize: number | null } | null>(null);
  /** The run whose row errors are listed when picked in the history (else the shown run's). */
  const [picked, setPicked] = useState<string | null>(null);

  const feedQuery = useCustom<FeedDetail>({
    url: '',
    method: 'get',
    meta: { gqlQuery: PRODUCT_FEED_QUERY, gqlVariables: { productFeedId, runsLimit: HISTORY_LIMIT } },
    // While a file is sent and its run is not known yet, the feed's last run shows it.
    queryOptions: { refetchInterval: sending && !followed ? POLL_MS : false },
    errorNotification: false,
  });
  const feed = feedQuery.query.data?.data;
  const lastRun = feed?.lastRun ?? null;

  // A run going on when the page opens (or the upload's run appearing) is followed.
  const runningLastRun = lastRun && isRunning(lastRun) ? lastRun.id : null;
  useEffect(() => {
    if (runningLastRun)
      setFollowed((current) =>
        current?.id === runningLastRun ? current : { id: runningLastRun, fileSize: sending?.size ?? null },
      );
  }, [runningLastRun, sending?.size]);

  const runQuery = useCustom<FeedRun>({
    url: '',
    method: 'get',
    meta: { gqlQuery: FEED_IMPORT_RUN_QUERY, gqlVariables: { runId: followed?.id } },
    queryOptions: {
      enabled: followed !== null,
      refetchInterval: (query) => {
        const run = (query.state.data as { data?: FeedRun } | undefined)?.data;
        return !run || isRunning(run) ? POLL_MS : false;
      },
    },
    errorNotification: false,
  });
  const followedRun = followed && runQuery.query.data?.data?.id === followed.id ? runQuery.query.data.data : null;
  // While a file is sent, the previous run is not shown as if it were this one.
  const shownRun = followedRun ?? (sending ? null : lastRun);
  const running = isRunning(shownRun) || sending !== null;

  // The followed run has finished: the feed's last run and history catch up.
  const finishedAt = followedRun?.finishedAt ?? null;
  const { refetch: refetchFeed } = feedQuery.query;
  useEffect(() => {
    if (finishedAt) void refetchFeed();
  }, [finishedAt, refetchFeed]);

  const upload = async (file: File) => {
    setUploadError(null);
    setPicked(null);
    setFollowed(null);
    setSending({ fileName: file.name, size: file.size, sent: 0 });
    try {
      const result = await uploadFeedFile({
        path: feed!.uploadPath,
        file,
        token: await currentIdToken(),
        onProgress: (sent) => setSending((current) => current && { ...current, sent }),
      });
      if ('run' in result) {
        setFollowed({ id: result.run.id, fileSize: file.size });
        notify?.({
          type: result.run.status === 'FAILED' ? 'error' : 'success',
          message: t(result.run.status === 'FAILED' ? 'productFeeds.upload.runFailed' : 'productFeeds.upload.done', {
            file: file.name,
          }),
        });
      } else setUploadError(result.error);
    } finally {
      setSending(null);
      void refetchFeed();
    }
  };

  const errorsRunId = picked ?? shownRun?.id ?? null;
  const errorsRun =
    feed?.runs.find((run) => run.id === errorsRunId) ?? (shownRun?.id === errorsRunId ? shownRun : null);
  const errorsRunning =
    errorsRunId !== null && errorsRunId === shownRun?.id ? isRunning(shownRun) : isRunning(errorsRun);

  return (
    <RouteLayout
      route="productFeedDetail"
      names={{ productFeedDetail: feed?.name }}
      extra={
        feed && (
          <Flex gap={8} wrap>
            <CanAccess resource="productFeeds" action="update">
              <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
                {t('productFeeds.form.edit')}
              </Button>
            </CanAccess>
            <CanAccess resource="productFeeds" action="delete">
              <DeleteFeedButton feed={feed} onDeleted={() => navigate(carried(routePath('productFeeds')))} />
            </CanAccess>
          </Flex>
        )
      }
    >
      <ApiErrorAlert error={feedQuery.query.error} />
      {feedQuery.query.isLoading && <Skeleton active />}
      {feed && (
        <Flex vertical gap={24}>
          <Card title={t('productFeeds.detail.settings')}>
            <FeedSettings feed={feed} />
          </Card>
          <section aria-label={t('productFeeds.detail.import')}>
            <Card title={t('productFeeds.detail.import')}>
              <Flex vertical gap={16}>
                <CanAccess resource="productFeeds" action="update">
                  <ImportControls
                    feed={feed}
                    busy={running}
                    onStarted={(run) => {
                      setPicked(null);
                      setFollowed({ id: run.id, fileSize: null });
                      void refetchFeed();
                    }}
                    onUpload={upload}
                  />
                </CanAccess>
                {uploadError && (
                  <Alert
                    type="error"
                    showIcon
                    role="alert"
                    closable
                    onClose={() => setUploadError(null)}
                    message={t('productFeeds.upload.failed')}
                    description={apiErrorText(uploadError, t)}
                  />
                )}
                <RunProgress
                  run={shownRun}
                  sending={followedRun ? null : sending}
                  fileSize={followedRun ? followed!.fileSize : null}
                />
              </Flex>
            </Card>
          </section>
          {errorsRunId && (
            <section aria-label={t('productFeeds.errors.title')}>
              <Card title={t('productFeeds.errors.title')}>
                <RowErrors
                  runId={errorsRunId}
                  running={errorsRunning}
                  finishedAt={
                    errorsRunId === shownRun?.id ? (shownRun?.finishedAt ?? null) : (errorsRun?.finishedAt ?? null)
                  }
                  rowsRejected={(errorsRunId === shownRun?.id ? shownRun?.rowsRejected : errorsRun?.rowsRejected) ?? 0}
                />
              </Card>
            </section>
          )}
          <section aria-label={t('productFeeds.history.title')}>
            <Card title={t('productFeeds.history.title')}>
              <RunHistory runs={feed.runs} shownRunId={errorsRunId} onShowErrors={setPicked} />
            </Card>
          </section>
        </Flex>
      )}
      {feed && (
        <FeedFormModal
          open={editing}
          feed={feed}
          onClose={() => setEditing(false)}
          onSaved={() => void refetchFeed()}
        />
      )}
    </RouteLayout>
  );
}
