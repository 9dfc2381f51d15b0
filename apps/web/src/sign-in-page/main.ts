// The sign-in page's entry (login.html, decision 055): its CSS and its behaviour, no React.
import './sign-in-page.css';
import { startSignInPage } from './sign-in-page';

startSignInPage(document);
