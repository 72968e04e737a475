import { defineMessages } from '../locales';

/** Readiness and the operator endpoints (/readyz, /metrics). */
export const healthMessages = defineMessages(
  {
    'health.databaseUnreachable': 'The database does not answer; the service is not ready',
    'health.migrationsPending':
      'The database is not up to date ({count} migrations not applied); the service is not ready',
    'health.migrationsPending_one':
      'The database is not up to date ({count} migration not applied); the service is not ready',
    'health.metricsTokenRequired': 'The metrics need the configured bearer token',
  },
  {
    'health.databaseUnreachable': '數據庫沒有回應，服務尚未就緒',
    'health.migrationsPending': '數據庫尚未更新（{count} 個遷移未套用），服務尚未就緒',
    'health.metricsTokenRequired': '讀取指標需要已設定的憑證（Bearer）',
  },
  {
    'health.databaseUnreachable': '数据库没有响应，服务尚未就绪',
    'health.migrationsPending': '数据库尚未更新（{count} 个迁移未应用），服务尚未就绪',
    'health.metricsTokenRequired': '读取指标需要已配置的凭证（Bearer）',
  },
);
