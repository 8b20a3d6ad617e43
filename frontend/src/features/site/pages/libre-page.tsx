import { ClassPage } from '../components/class-page';
import { disciplines } from '../data/disciplines';

export default function LibrePage() {
  return <ClassPage discipline={disciplines.libre} />;
}
