import { describe, expect, it } from 'vitest';
import { sanitiseSignature, signatureAsText, signatureForEmail } from './signature-sanitise.ts';

describe('signature sanitising', () => {
  it('keeps simple formatting, safe links and stored images; drops the rest', () => {
    const html =
      '<div style="color:red" onclick="x()"><b>Ana</b><br><a href="javascript:alert(1)">bad</a> ' +
      '<a href="https://site.pt" target="_blank">site</a><img src="https://evil.test/t.png">' +
      '<img src="https://site.pt/media/0123456789abcdef0123" alt="logo" width="80" onerror="x()">' +
      '<script>alert(1)</script><style>b{}</style><table><tr><td>cell</td></tr></table></div>';
    expect(sanitiseSignature(html)).toBe(
      '<div><b>Ana</b><br><a>bad</a> <a href="https://site.pt/">site</a>' +
        '<img src="/media/0123456789abcdef0123" alt="logo" width="80">cell</div>',
    );
  });

  it('makes stored images absolute for the e-mail, and has a text form', () => {
    expect(signatureForEmail('<img src="/media/0123456789abcdef">', 'https://s.pt')).toBe(
      '<img src="https://s.pt/media/0123456789abcdef">',
    );
    expect(signatureAsText('<p><b>Ana</b><br><a href="https://s.pt/">site</a> &amp; co</p>')).toBe(
      'Ana\nsite (https://s.pt/) & co',
    );
  });
});
