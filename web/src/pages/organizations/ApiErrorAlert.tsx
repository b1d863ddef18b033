/** Moved to web/src/components/errors/ (shared by every area); this re-export goes once no caller is left. */
export * from '../../components/errors/ApiErrorAlert.tsx';
