// The frame is shared with the Users screen, so it lives in components/.
export { AdminLayout } from '../../../components/admin-layout';
