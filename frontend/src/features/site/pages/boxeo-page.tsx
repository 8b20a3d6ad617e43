import { ClassPage } from '../components/class-page';
import { disciplines } from '../data/disciplines';

export default function BoxeoPage() {
  return <ClassPage discipline={disciplines.boxeo} />;
}
