// The people screens of each role's prefix: one list and one form, filtered or set up by the
// role of the people they show.
import { PeopleList } from './people-list';
import { PersonFormPage } from './person-form';

export function CompanyAdminListPage() {
  return <PeopleList role="COMPANY_ADMIN" />;
}

export function CompanyAdminAddPage() {
  return <PersonFormPage role="COMPANY_ADMIN" edit={false} />;
}

export function CompanyAdminEditPage() {
  return <PersonFormPage role="COMPANY_ADMIN" edit />;
}

export function TraineeListPage() {
  return <PeopleList role="USER" />;
}

export function TraineeAddPage() {
  return <PersonFormPage role="USER" edit={false} />;
}

export function TraineeEditPage() {
  return <PersonFormPage role="USER" edit />;
}
