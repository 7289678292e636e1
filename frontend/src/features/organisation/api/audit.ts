// The audit calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  exportAuditEvents,
  useListAuditEvents,
} from '@/api/gen/audit/audit';
