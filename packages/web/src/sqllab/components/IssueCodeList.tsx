// "This may be triggered by:" followed by an error's issue codes.
import { useTranslation } from 'react-i18next';
import type { IssueCode } from './error-details';

export default function IssueCodeList({ issueCodes }: { issueCodes: readonly IssueCode[] }) {
  const { t } = useTranslation();
  if (issueCodes.length === 0) return null;
  // "Issue 1002 - The database returned an unexpected error.": the sentence after the code is a catalogue key.
  const issueText = (message: string) => {
    const match = /^Issue (\d+) - ([\s\S]*)$/.exec(message);
    return match ? t('Issue {{code}} - {{message}}', { code: match[1], message: t(match[2] ?? '') }) : t(message);
  };
  return (
    <div data-test="issue-codes">
      <div>{t('This may be triggered by:')}</div>
      <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
        {issueCodes.map((issue) => (
          <li key={issue.code}>{issueText(issue.message)}</li>
        ))}
      </ul>
    </div>
  );
}
