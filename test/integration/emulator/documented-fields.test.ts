// The published OpenAPI document against the three documents, field by field (issue 22 item 4):
// every field a Resources table names is in the answer's schema, and every value of a
// documented enumeration the schema allows is one the document lists — a client generated from
// the documents rejects any other. The lists below are copied from ../shared/spec (Resources
// and their fields); values the documents only say were "seen" are examples, not enumerations,
// and are not listed. Where we answer a value a document does not list, the exception is
// written here with the reason, and in docs/decisions.md.
import { afterAll, describe, expect, it } from 'vitest';
import { inProcess } from './harness';
import { leaves, resolve, type Schema } from './openapi-schema';

const t = inProcess();
afterAll(() => t.close());

interface Documented {
  /** The operation whose success answer holds the resource. */
  op: string;
  /** Where the resource sits in the answer: dotted, `[]` for an array's items. */
  at: string;
  /** The fields the document names (dotted for nested members). */
  fields: string[];
  /** Closed enumerations of the document, by field. */
  enums?: Record<string, readonly string[]>;
  /** The types the document's table gives, by field (`?` after a type: "or null"). */
  types?: Record<string, DocType>;
  /** Where the document is. */
  from: string;
}

type DocType = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object' | 'timestamp' | 'timestamp?' | 'string?';

const RESOURCES: Documented[] = [
  {
    from: '01-accounts.md, API key',
    op: 'apiKeys.list',
    at: 'apiKeys[]',
    fields: [
      'id',
      'name',
      'prefix',
      'permissions',
      'scopes',
      'lastUsed',
      'createdAt',
      'expiresAt',
      'status',
      'usageCount',
      'rateLimit.reads',
      'rateLimit.writes',
      'rateLimit.executions',
    ],
    enums: { 'permissions[]': ['read', 'write', 'execute'], status: ['active', 'revoked'] },
    types: {
      id: 'string',
      name: 'string',
      prefix: 'string',
      permissions: 'array',
      scopes: 'array',
      createdAt: 'timestamp',
      expiresAt: 'timestamp?',
      status: 'string',
      usageCount: 'integer',
      rateLimit: 'object',
      'rateLimit.reads': 'integer',
    },
  },
  {
    from: '01-accounts.md, Team member',
    op: 'team.members.list',
    at: 'members[]',
    fields: [
      'id',
      'email',
      'name',
      'username',
      'avatar',
      'role',
      'permissions',
      'status',
      'joinedAt',
      'lastActive',
      'invitedAt',
      'invitationExpires',
      'invitedBy',
      'department',
      'title',
    ],
    enums: { status: ['active', 'pending', 'suspended', 'removed'], role: ['owner', 'admin', 'developer', 'viewer'] },
    types: {
      id: 'string',
      email: 'string',
      name: 'string?',
      username: 'string?',
      avatar: 'string?',
      role: 'string',
      permissions: 'array',
      status: 'string',
      invitedBy: 'string?',
    },
  },
  {
    from: '02-clusters.md, Port mapping',
    op: 'clusters.ports.create',
    at: 'data',
    fields: [
      'id',
      'internal_port',
      'external_port',
      'protocol',
      'description',
      'url',
      'status',
      'health_check',
      'access_control',
      'usage_statistics',
      'created_at',
      'updated_at',
    ],
    enums: { protocol: ['tcp', 'udp'] },
    types: {
      id: 'string',
      internal_port: 'integer',
      external_port: 'integer',
      protocol: 'string',
      description: 'string',
      url: 'string',
      status: 'string',
      health_check: 'object',
      access_control: 'object',
      usage_statistics: 'object',
      created_at: 'timestamp',
      updated_at: 'timestamp',
    },
  },
  {
    from: '02-clusters.md, Secret',
    op: 'clusters.secrets.list',
    at: 'data.secrets[]',
    fields: [
      'name',
      'description',
      'type',
      'category',
      'environment_variable',
      'file_path',
      'encrypted',
      'expiration_date',
      'rotation_policy.enabled',
      'rotation_policy.rotation_interval_days',
      'rotation_policy.next_rotation',
      'rotation_policy.notification_days_before',
      'permissions.read_only',
      'permissions.file_mode',
      'permissions.allowed_users',
      'permissions.allowed_roles',
      'usage_statistics.last_accessed',
      'usage_statistics.access_count',
      'tags',
      'created_at',
      'updated_at',
    ],
  },
  {
    from: '02-clusters.md, Secret (list data)',
    op: 'clusters.secrets.list',
    at: 'data',
    fields: ['secrets', 'total_count', 'secret_types'],
  },
  {
    from: '02-clusters.md, Template',
    op: 'clusters.templates.get',
    at: 'data',
    fields: [
      'id',
      'name',
      'description',
      'category',
      'framework',
      'version',
      'container_image',
      'gpu_compatible',
      'official',
      'default_configuration',
      'environment_variables',
      'startup_script',
      'port_mappings',
      'required_packages',
      'resource_limits',
      'software_versions',
      'compatibility',
      'usage_statistics',
      'tags',
      'is_public',
      'is_deprecated',
      'created_by.user_id',
      'created_by.username',
      'created_by.organization',
      'created_at',
      'updated_at',
    ],
    enums: { category: ['ml', 'dev', 'production', 'custom'], framework: ['pytorch', 'tensorflow', 'huggingface', 'sklearn'] },
    types: {
      id: 'string',
      name: 'string',
      description: 'string',
      category: 'string',
      version: 'string',
      container_image: 'string',
      gpu_compatible: 'boolean',
      official: 'boolean',
      default_configuration: 'object',
      environment_variables: 'object',
      port_mappings: 'array',
      required_packages: 'array',
      tags: 'array',
      is_public: 'boolean',
      is_deprecated: 'boolean',
      created_by: 'object',
      created_at: 'timestamp',
      updated_at: 'timestamp',
    },
  },
  {
    from: '02-clusters.md, Proxy configuration',
    op: 'clusters.proxy.get',
    at: 'data',
    types: {
      cluster_id: 'string',
      proxy_url: 'string',
      proxy_status: 'string',
      port_mappings: 'array',
      access_control: 'object',
      network_configuration: 'object',
    },
    fields: [
      'cluster_id',
      'proxy_url',
      'proxy_status',
      'port_mappings',
      'access_control.default_authentication',
      'access_control.session_timeout_minutes',
      'access_control.max_concurrent_sessions',
      'access_control.ip_whitelist',
      'access_control.blocked_ips',
      'access_control.rate_limiting',
      'network_configuration.load_balancer',
      'network_configuration.ssl_termination',
      'network_configuration.websocket_support',
      'network_configuration.compression',
    ],
  },
  {
    from: '02-clusters.md, Log entry',
    op: 'clusters.logs.list',
    at: 'data.logs[]',
    fields: [
      'id',
      'timestamp',
      'level',
      'source',
      'log_type',
      'message',
      'process.pid',
      'process.name',
      'process.command',
      'metadata.host',
      'metadata.container_id',
      'metadata.thread_id',
      'metadata.file',
      'metadata.line',
      'metadata.gpu_id',
      'metadata.cuda_version',
      'metadata.driver_version',
      'tags',
      'stack_trace',
    ],
    enums: {
      level: ['debug', 'info', 'warn', 'error', 'fatal'],
      source: ['container', 'host', 'gpu_driver', 'application'],
      log_type: ['system', 'application', 'error', 'audit', 'runtime', 'gpu'],
    },
  },
  {
    from: '02-clusters.md, Endpoints: Logs (query_info)',
    op: 'clusters.logs.list',
    at: 'data.query_info',
    fields: ['log_type', 'time_range.start', 'time_range.end', 'filters_applied', 'search_terms'],
  },
  {
    from: '02-clusters.md, Metrics snapshot',
    op: 'clusters.metrics.get',
    at: 'data',
    fields: [
      'cluster_id',
      'timestamp',
      'gpu.utilization',
      'gpu.memory',
      'gpu.temperature',
      'gpu.power',
      'gpu.clock_speeds',
      'cpu.utilization',
      'cpu.load_avg',
      'cpu.memory_used',
      'cpu.memory_total',
      'cpu.cores',
      'cpu.threads',
      'storage.disk_used',
      'storage.disk_total',
      'storage.utilization_percent',
      'storage.io_stats.read_bytes_per_sec',
      'storage.io_stats.write_bytes_per_sec',
      'storage.io_stats.read_ops_per_sec',
      'storage.io_stats.write_ops_per_sec',
      'network.bytes_sent',
      'network.bytes_received',
      'network.packets_sent',
      'network.packets_received',
      'network.interfaces',
      'processes',
      'custom_metrics',
    ],
  },
  {
    from: '02-clusters.md, Cluster (stop response)',
    op: 'clusters.stop',
    at: 'data',
    fields: [
      'id',
      'name',
      'status',
      'stop_initiated_at',
      'estimated_stop_time',
      'stop_type',
      'grace_period_minutes',
      'stop_progress.phase',
      'stop_progress.percentage',
      'stop_progress.current_step',
      'stop_progress.steps_completed',
      'stop_progress.total_steps',
      'snapshot_creation.enabled',
      'snapshot_creation.snapshot_id',
      'cost_impact.hourly_rate_saved',
      'cost_impact.session_cost_final',
      'cost_impact.billing_stopped_at',
      'data_preservation.volumes_preserved',
      'data_preservation.snapshots_created',
    ],
  },
  {
    from: '02-clusters.md, Cluster (restart response)',
    op: 'clusters.restart',
    at: 'data',
    fields: [
      'id',
      'name',
      'status',
      'restart_initiated_at',
      'estimated_completion_time',
      'restart_type',
      'restart_progress.phase',
      'restart_progress.percentage',
      'restart_progress.current_step',
      'restart_progress.steps_completed',
      'restart_progress.total_steps',
      'configuration_updates.pending',
      'configuration_updates.applied',
      'cost_impact.old_hourly_rate',
      'cost_impact.new_hourly_rate',
      'cost_impact.rate_change_reason',
    ],
  },
  {
    from: '03-endpoints-training.md, Health report',
    op: 'endpoints.health',
    at: '',
    types: {
      endpointId: 'string',
      lastChecked: 'timestamp',
      responseTime: 'integer',
      uptime: 'string',
      version: 'string',
      checks: 'object',
      metrics: 'object',
    },
    fields: [
      'endpointId',
      'status',
      'readiness',
      'lastChecked',
      'responseTime',
      'uptime',
      'version',
      'checks.api',
      'checks.model',
      'checks.dependencies',
      'resources.gpu',
      'resources.cpu',
      'resources.memory',
      'resources.storage',
      'metrics.requestsLastHour',
      'metrics.averageLatency',
      'metrics.errorRate',
      'metrics.successRate',
    ],
    enums: {
      status: ['healthy', 'degraded', 'unhealthy', 'starting', 'stopped', 'error'],
      readiness: ['ready', 'not_ready', 'warming_up'],
    },
  },
  {
    from: '03-endpoints-training.md, Dataset',
    op: 'training.datasets.get',
    at: '',
    fields: [
      'id',
      'name',
      'type',
      'format',
      'description',
      'tags',
      'status',
      'validation',
      'preprocessing',
      'metadata',
      'size.bytes',
      'size.examples',
      'size.compressed',
      'schema.fields',
      'statistics',
      'versions',
      'createdAt',
      'updatedAt',
    ],
    enums: {
      type: ['text', 'image', 'audio', 'video', 'structured', 'multimodal'],
      format: ['jsonl', 'csv', 'parquet', 'hdf5', 'zip', 'tar'],
      status: ['uploading', 'processing', 'ready', 'error'],
    },
    types: {
      id: 'string',
      name: 'string',
      type: 'string',
      format: 'string',
      tags: 'array',
      status: 'string',
      validation: 'object',
      metadata: 'object',
      size: 'object',
      schema: 'object',
      statistics: 'object',
      versions: 'array',
      createdAt: 'timestamp',
      updatedAt: 'timestamp',
    },
  },
  {
    from: '03-endpoints-training.md, Model',
    op: 'training.models.get',
    at: '',
    fields: [
      'id',
      'name',
      'type',
      'status',
      'description',
      'baseModel',
      'version',
      'trainingJobId',
      'datasetId',
      'architecture',
      'training.strategy',
      'training.parameters',
      'training.epochs',
      'training.final_learning_rate',
      'training.total_steps',
      'training.training_time',
      'size.parameters',
      'size.trainable_parameters',
      'size.bytes',
      'size.compressed',
      'metrics.training',
      'metrics.validation',
      'metrics.custom',
      'deployments',
      'files',
      'tags',
      'metadata',
      'createdAt',
      'updatedAt',
    ],
    enums: { type: ['llm', 'vision', 'multimodal', 'custom'], status: ['training', 'ready', 'deployed', 'archived'] },
  },
  {
    from: '03-endpoints-training.md, Training job',
    op: 'training.jobs.get',
    at: '',
    fields: [
      'id',
      'name',
      'modelType',
      'datasetId',
      'config',
      'description',
      'tags',
      'gpuType',
      'maxWorkers',
      'priority',
      'status',
      'resourceAllocation.gpuType',
      'resourceAllocation.workers',
      'resourceAllocation.memoryPerWorker',
      'estimatedCost.hourly',
      'estimatedCost.total',
      'progress.currentEpoch',
      'progress.totalEpochs',
      'progress.currentStep',
      'progress.totalSteps',
      'progress.percentage',
      'progress.elapsedTime',
      'progress.remainingTime',
      'metrics.currentLoss',
      'metrics.bestLoss',
      'metrics.learningRate',
      'metrics.throughput',
      'metrics.memoryUsage',
      'resourceUsage.gpuHours',
      'resourceUsage.cost',
      'resourceUsage.efficiency',
      'checkpoints',
      'createdAt',
      'startedAt',
      'updatedAt',
      'estimatedCompletion',
    ],
    enums: {
      modelType: ['llm', 'vision', 'multimodal', 'custom'],
      gpuType: ['a100', 'h100', 'v100', 'rtx4090'],
      priority: ['high', 'normal', 'low'],
      status: ['pending', 'running', 'completed', 'failed', 'cancelled'],
    },
    types: {
      id: 'string',
      name: 'string',
      modelType: 'string',
      datasetId: 'string',
      config: 'object',
      tags: 'array',
      maxWorkers: 'integer',
      priority: 'string',
      status: 'string',
      resourceAllocation: 'object',
      estimatedCost: 'object',
      progress: 'object',
      metrics: 'object',
      resourceUsage: 'object',
      checkpoints: 'array',
      createdAt: 'timestamp',
      updatedAt: 'timestamp',
    },
  },
  {
    from: '03-endpoints-training.md, Tuning job and trial',
    op: 'training.tune.get',
    at: '',
    fields: [
      'id',
      'trainingJobId',
      'status',
      'algorithm',
      'objective',
      'metric',
      'progress.completedTrials',
      'progress.totalTrials',
      'progress.runningTrials',
      'progress.bestValue',
      'progress.percentage',
      'searchSpace',
      'bestTrial',
      'results.totalTrials',
      'results.completedTrials',
      'results.failedTrials',
      'results.bestValue',
      'results.improvementOverBaseline',
      'results.totalDuration',
      'results.totalCost',
      'trials',
      'convergenceAnalysis.converged',
      'convergenceAnalysis.convergenceEpoch',
      'convergenceAnalysis.remainingImprovement',
      'convergenceAnalysis.recommendation',
      'recommendations',
      'estimatedCompletion',
      'createdAt',
      'updatedAt',
    ],
    enums: {
      status: ['pending', 'running', 'completed', 'failed', 'cancelled'],
      algorithm: ['grid', 'random', 'bayesian', 'tpe', 'hyperband'],
      objective: ['minimize', 'maximize'],
    },
  },
  {
    from: '03-endpoints-training.md, Experiment and run',
    op: 'training.experiments.get',
    at: '',
    fields: [
      'id',
      'name',
      'description',
      'status',
      'hypothesis',
      'tags',
      'metadata',
      'baseline',
      'conclusion',
      'runs',
      'statistics.total_runs',
      'statistics.completed_runs',
      'statistics.running_runs',
      'statistics.failed_runs',
      'statistics.best_run',
      'statistics.best_metric',
      'statistics.total_cost',
      'statistics.total_training_time',
      'insights',
      'createdAt',
      'updatedAt',
    ],
    enums: { status: ['active', 'completed', 'archived'] },
  },
  {
    from: '01-accounts.md, Role',
    op: 'permissions.roles.create',
    at: 'role',
    fields: ['id', 'name', 'displayName', 'description', 'permissions', 'scopes', 'limitations', 'inherits', 'assignable', 'createdAt'],
    types: {
      id: 'string',
      name: 'string',
      displayName: 'string',
      permissions: 'array',
      scopes: 'array',
      limitations: 'object',
      inherits: 'array',
      assignable: 'boolean',
      createdAt: 'timestamp',
    },
  },
  // ---- the Endpoints tables' answers ------------------------------------------------------
  {
    from: '01-accounts.md, Endpoints: API keys (rotate)',
    op: 'apiKeys.rotate',
    at: '',
    fields: ['id', 'name', 'key', 'oldKeyRevoked', 'rotatedAt', 'message'],
  },
  {
    from: '01-accounts.md, Endpoints: API keys (revoke)',
    op: 'apiKeys.revoke',
    at: '',
    fields: ['id', 'status', 'revokedAt', 'message'],
  },
  {
    from: '01-accounts.md, Endpoints: API keys (usage)',
    op: 'apiKeys.usage',
    at: '',
    fields: ['keyId', 'period', 'usage.reads', 'usage.writes', 'usage.executions', 'usage.totalRequests', 'timeline', 'topEndpoints'],
  },
  {
    from: '01-accounts.md, Endpoints: verify',
    op: 'auth.verify',
    at: '',
    fields: ['valid', 'key_id', 'permissions', 'scopes', 'expires_at'],
  },
  {
    from: '01-accounts.md, Endpoints: permissions schema',
    op: 'permissions.schema',
    at: '',
    fields: ['roles', 'permissions', 'scopes'],
  },
  {
    from: '01-accounts.md, Endpoints: permission check',
    op: 'permissions.check',
    at: '',
    fields: ['userId', 'permission', 'scope', 'resourceId', 'allowed', 'source', 'role', 'details.reason', 'details.limitations'],
  },
  {
    from: '01-accounts.md, Endpoints: audit',
    op: 'permissions.audit',
    at: '',
    fields: [
      'period',
      'events',
      'total',
      'summary.permissionChanges',
      'summary.accessDenied',
      'summary.roleAssignments',
      'summary.resourceShares',
    ],
    enums: { 'events[].type': ['permission_change', 'access_denied', 'role_assignment'] },
  },
  {
    from: '01-accounts.md, Endpoints: team members list',
    op: 'team.members.list',
    at: '',
    fields: ['members', 'total', 'roles.owner', 'roles.admin', 'roles.developer', 'roles.viewer', 'roles.pending'],
  },
  {
    from: '01-accounts.md, Invitation',
    op: 'team.members.invite',
    at: 'invitation',
    fields: ['id', 'email', 'role', 'status', 'expiresAt', 'inviteUrl', 'department', 'title', 'resentAt', 'cancelledAt'],
    enums: { status: ['sent', 'resent', 'cancelled'] },
  },
  {
    from: '01-accounts.md, Endpoints: team member removal',
    op: 'team.members.remove',
    at: '',
    fields: ['id', 'status', 'removedAt', 'message'],
  },
  {
    from: '01-accounts.md, Endpoints: team activity',
    op: 'team.activity',
    at: '',
    fields: [
      'period',
      'summary.totalMembers',
      'summary.activeMembers',
      'summary.newMembers',
      'summary.totalActivity',
      'summary.collaborationScore',
      'memberActivity',
      'teamCollaboration.sharedEndpoints',
      'teamCollaboration.crossTeamProjects',
      'teamCollaboration.knowledgeSharing',
      'trends.activityGrowth',
      'trends.memberEngagement',
      'trends.retentionRate',
    ],
  },
  {
    from: '01-accounts.md, Endpoints: team bulk',
    op: 'team.members.bulk',
    at: '',
    fields: ['operation', 'results', 'summary.total', 'summary.successful', 'summary.failed'],
    enums: { operation: ['update_role', 'update_department', 'suspend', 'reactivate'] },
  },
  {
    from: '03-endpoints-training.md, Endpoint update',
    op: 'endpoints.update',
    at: '',
    types: {
      id: 'string',
      name: 'string',
      status: 'string',
      'configuration.workerCount': 'integer',
      'configuration.maxConcurrency': 'integer',
      'configuration.timeoutSeconds': 'integer',
      'configuration.environmentVariables': 'object',
      'configuration.autoScaling': 'object',
      updatedAt: 'timestamp',
    },
    fields: [
      'id',
      'name',
      'status',
      'configuration.workerCount',
      'configuration.maxConcurrency',
      'configuration.timeoutSeconds',
      'configuration.environmentVariables',
      'configuration.autoScaling',
      'updatedAt',
    ],
  },
  {
    from: '03-endpoints-training.md, Endpoint logs',
    op: 'endpoints.logs',
    at: '',
    fields: [
      'endpointId',
      'totalLogs',
      'filteredLogs',
      'startTime',
      'endTime',
      'pagination.limit',
      'pagination.offset',
      'pagination.hasMore',
      'pagination.nextOffset',
      'logs',
      'summary.logLevels',
      'summary.sources',
      'summary.commonErrors',
    ],
  },
  {
    from: '03-endpoints-training.md, Endpoint log entry',
    op: 'endpoints.logs',
    at: 'logs[]',
    fields: ['timestamp', 'level', 'message', 'jobId', 'requestId', 'source', 'metadata', 'duration', 'memoryUsage', 'gpuUtilization'],
    enums: {
      level: ['debug', 'info', 'warn', 'error', 'fatal'],
      source: ['api_handler', 'model_loader', 'model_inference', 'resource_monitor', 'storage_uploader', 'cache_manager', 'auto_scaler'],
    },
  },
  {
    from: '03-endpoints-training.md, Endpoint health (ready)',
    op: 'endpoints.ready',
    at: '',
    fields: [
      'ready',
      'checks',
      'readinessGates.model',
      'readinessGates.resources',
      'readinessGates.dependencies',
      'readinessGates.networking',
    ],
  },
  {
    from: '03-endpoints-training.md, Endpoint health (live)',
    op: 'endpoints.live',
    at: '',
    fields: ['alive', 'timestamp', 'uptime', 'version'],
  },
  {
    from: '03-endpoints-training.md, Datasets (create)',
    op: 'training.datasets.create',
    at: '',
    fields: [
      'id',
      'name',
      'type',
      'format',
      'status',
      'uploadUrl',
      'uploadToken',
      'validation',
      'size.bytes',
      'size.examples',
      'createdAt',
      'updatedAt',
    ],
  },
  {
    from: '03-endpoints-training.md, Datasets (list)',
    op: 'training.datasets.list',
    at: '',
    fields: ['datasets', 'pagination.total', 'pagination.limit', 'pagination.offset', 'pagination.hasMore'],
  },
  {
    from: '02-clusters.md, Endpoints: cluster reads',
    op: 'clusters.list',
    at: 'data',
    fields: ['clusters'],
  },
  {
    from: '02-clusters.md, Endpoints: logs (pagination)',
    op: 'clusters.logs.list',
    at: 'data',
    fields: [
      'cluster_id',
      'logs',
      'pagination.total_count',
      'pagination.current_page',
      'pagination.total_pages',
      'pagination.has_next',
      'pagination.has_previous',
      'query_info',
    ],
  },
  {
    from: '02-clusters.md, Endpoints: metrics/historical',
    op: 'clusters.metrics.historical',
    at: 'data',
    fields: ['data_points'],
  },
  {
    from: '03-endpoints-training.md, Models (deploy)',
    op: 'training.models.deploy',
    at: 'deployment',
    fields: [
      'id',
      'modelId',
      'name',
      'status',
      'environment',
      'url',
      'configuration.gpuType',
      'configuration.workers',
      'configuration.maxTokens',
      'configuration.temperature',
      'estimatedReadyTime',
      'createdAt',
    ],
  },
  {
    from: '03-endpoints-training.md, Models (download)',
    op: 'training.models.download',
    at: '',
    fields: ['downloadUrl', 'downloadToken', 'expiresAt', 'size', 'files'],
  },
  {
    from: '03-endpoints-training.md, Models (compare)',
    op: 'training.models.compare',
    at: 'comparison',
    fields: ['models', 'best_performing', 'recommendations'],
  },
  {
    from: '03-endpoints-training.md, Models (list)',
    op: 'training.models.list',
    at: '',
    fields: ['models', 'pagination'],
  },
  {
    from: '03-endpoints-training.md, Training jobs (list)',
    op: 'training.jobs.list',
    at: '',
    fields: ['jobs', 'pagination.total', 'pagination.limit', 'pagination.offset', 'pagination.hasMore'],
  },
  {
    from: '03-endpoints-training.md, Training jobs (list view metrics)',
    op: 'training.jobs.list',
    at: 'jobs[]',
    fields: ['metrics.loss', 'metrics.learningRate', 'metrics.throughput'],
  },
  {
    from: '03-endpoints-training.md, Training jobs (create)',
    op: 'training.jobs.create',
    at: '',
    fields: ['status', 'resourceAllocation', 'estimatedCost'],
  },
  {
    from: '03-endpoints-training.md, Experiments (compare)',
    op: 'training.experiments.compare',
    at: 'comparison',
    fields: ['runs', 'rankings', 'statistical_analysis', 'correlations', 'pareto_frontier', 'recommendations'],
  },
  {
    from: '03-endpoints-training.md, Experiment and run (run)',
    op: 'training.experiments.runs.create',
    at: '',
    fields: [
      'id',
      'experimentId',
      'trainingJobId',
      'name',
      'status',
      'parameters',
      'metrics.current',
      'metrics.best',
      'metrics.final',
      'artifacts',
      'tags',
      'notes',
      'createdAt',
      'updatedAt',
      'completedAt',
    ],
  },
];

/**
 * Values we answer that a document's enumeration does not list, each with its reason (also in
 * docs/decisions.md). Anything else outside a documented enumeration fails the test.
 */
const EXCEPTIONS: Record<string, { values: string[]; why: string }> = {
  'training.jobs.get status': {
    values: ['stopped'],
    why: 'the transitions table names a "stopped state" that POST resume leaves; `cancelled` never resumes (docs/decisions.md, Training: jobs)',
  },
};

/** The schemas reached by a dotted path (`[]` steps into an array's items). */
function walk(root: Schema, s: Schema, path: string): Schema[] {
  let here = [s];
  for (const step of path.split('.').filter(Boolean)) {
    const array = step.endsWith('[]');
    const name = array ? step.slice(0, -2) : step;
    let next: Schema[] = [];
    for (const v of here.flatMap((x) => leaves(root, x))) {
      if (name === '') next.push(v);
      else if (v.properties?.[name]) next.push(v.properties[name]);
    }
    if (array) next = next.flatMap((x) => leaves(root, x)).flatMap((v) => (v.items ? [v.items] : []));
    here = next;
  }
  return here;
}

/** The JSON types a schema allows: `integer`, `number`, `string`, `date-time` (a timestamp string), `boolean`, `array`, `object`, `null`. */
function kindsOf(root: Schema, s: Schema): string[] {
  return leaves(root, s).flatMap((v) => {
    const types = Array.isArray(v.type)
      ? (v.type as string[])
      : typeof v.type === 'string'
        ? [v.type]
        : v.enum || v.const !== undefined
          ? ['string']
          : [];
    return types.map((t) => (t === 'string' && v.format === 'date-time' ? 'date-time' : t));
  });
}

/** Whether an answered kind is what the document's type allows (an integer is a number; a timestamp is an ISO date-time string). */
function fits(kind: string, documented: DocType): boolean {
  const type = documented.replace('?', '');
  if (kind === 'null') return documented.endsWith('?');
  if (type === 'timestamp') return kind === 'date-time';
  if (type === 'number') return kind === 'number' || kind === 'integer';
  if (type === 'string') return kind === 'string' || kind === 'date-time';
  return kind === type;
}

/** Every string value a schema allows when it is closed (enum or const), else null. */
function closedValues(root: Schema, s: Schema): string[] | null {
  const out: string[] = [];
  for (const v of leaves(root, s)) {
    if (v.type === 'null') continue;
    if (Array.isArray(v.enum)) out.push(...v.enum.filter((x): x is string => typeof x === 'string'));
    else if (typeof v.const === 'string') out.push(v.const);
    else return null;
  }
  return out;
}

describe('the OpenAPI document against the documents’ fields and enumerations', () => {
  it.each(RESOURCES.map((r) => [`${r.from} (${r.op} ${r.at || 'body'})`, r] as const))('%s', async (_name, r) => {
    const doc = (await t.call('GET', '/_emulator/openapi.json')).body as { paths: Record<string, Record<string, Schema>> };
    let success: Schema | undefined;
    for (const item of Object.values(doc.paths))
      for (const entry of Object.values(item))
        if ((entry as { operationId?: string }).operationId === r.op) {
          const responses = (entry as { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }).responses;
          const ok = Object.keys(responses).find((code) => code.startsWith('2'))!;
          success = responses[ok]!.content?.['application/json']?.schema;
        }
    expect(success, `${r.op}: no JSON success schema`).toBeDefined();
    const root = success!;
    const holders = walk(root, root, r.at);
    expect(holders.length, `${r.op}: nothing at ${r.at}`).toBeGreaterThan(0);
    const missing = r.fields.filter((f) => holders.every((h) => walk(root, h, f).length === 0));
    expect(missing, `${r.from}: fields the document names are missing`).toEqual([]);
    for (const [field, documented] of Object.entries(r.types ?? {})) {
      const kinds = holders.flatMap((h) => walk(root, h, field)).flatMap((x) => kindsOf(root, x));
      const wrong = kinds.filter((k) => !fits(k, documented));
      expect(wrong, `${r.from}: ${field} is documented as ${documented}`).toEqual([]);
      if (!documented.endsWith('?')) expect(kinds, `${r.from}: ${field} is documented as ${documented}, never null`).not.toContain('null');
    }
    for (const [field, documented] of Object.entries(r.enums ?? {})) {
      const allowed = [...new Set(holders.flatMap((h) => walk(root, h, field)).flatMap((s) => closedValues(root, s) ?? []))];
      const exception = EXCEPTIONS[`${r.op} ${field}`];
      if (exception) {
        // A kept exception is described where a client reads it: the OpenAPI description of the field.
        const described = holders.flatMap((h) => walk(root, h, field)).some((s) => typeof resolve(root, s).description === 'string');
        expect(described, `${r.from}: ${field} answers ${exception.values.join(', ')} without saying why in the OpenAPI document`).toBe(
          true,
        );
      }
      const extra = allowed.filter((v) => !documented.includes(v) && !(exception?.values ?? []).includes(v));
      expect(extra, `${r.from}: ${field} allows values the document does not list`).toEqual([]);
    }
  });
});
