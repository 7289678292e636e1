// The people screens of each role's prefix: one list and one form, filtered or set up by the
// role of the people they show.
import { PeopleList } from './people-list';
import { PersonFormPage } from './person-form';

export function CompanyAdminListPage() {
  return <PeopleList role="COMPANY_ADMIN" />;
}

export function CompanyAdminFormPage() {
  return <PersonFormPage role="COMPANY_ADMIN" />;
}

export function TraineeListPage() {
  return <PeopleList role="USER" />;
}

export function TraineeFormPage() {
  return <PersonFormPage role="USER" />;
}
