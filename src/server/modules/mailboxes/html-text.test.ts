import { describe, expect, it } from 'vitest';
import { parseMessage } from './mail-message.ts';
import { flattenDeepNesting, HTML_MAX, htmlToText } from './html-text.ts';

const OUTLOOK = `<html xmlns:v="urn:schemas-microsoft-com:vml" xmlns:o="urn:schemas-microsoft-com:office:office" xmlns:w="urn:schemas-microsoft-com:office:word" xmlns:m="http://schemas.microsoft.com/office/2004/12/omml" xmlns="http://www.w3.org/TR/REC-html40"><head><meta http-equiv=Content-Type content="text/html; charset=utf-8"><meta name=Generator content="Microsoft Word 15 (filtered medium)"><!--[if !mso]><style>v\\:* {behavior:url(#default#VML);}
o\\:* {behavior:url(#default#VML);}
</style><![endif]--><style><!--
/* Font Definitions */
@font-face
	{font-family:"Cambria Math";
	panose-1:2 4 5 3 5 4 6 3 2 4;}
p.MsoNormal, li.MsoNormal, div.MsoNormal
	{margin:0cm;
	font-size:11.0pt;
	font-family:"Calibri",sans-serif;}
--></style><!--[if gte mso 9]><xml>
<o:shapedefaults v:ext="edit" spidmax="1026" />
</xml><![endif]--><!--[if gte mso 9]><xml>
<o:shapelayout v:ext="edit">
<o:idmap v:ext="edit" data="1" />
</o:shapelayout></xml><![endif]--></head><body lang=PT link="#0563C1" vlink="#954F72" style='word-wrap:break-word'><div class=WordSection1><p class=MsoNormal>Bom dia,<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal>Tenho interesse neste BMW 320d Touring de 2019: <a href="https://suchen.mobile.de/fahrzeuge/details.html?id=412345678">https://suchen.mobile.de/fahrzeuge/details.html?id=412345678</a><o:p></o:p></p><p class=MsoNormal>O or&ccedil;amento &eacute; at&eacute; 28&nbsp;000 &euro;.<o:p></o:p></p><p class=MsoNormal><o:p>&nbsp;</o:p></p><p class=MsoNormal><span style='mso-fareast-language:PT'>Cumprimentos,<o:p></o:p></span></p><table class=MsoNormalTable border=0 cellspacing=0 cellpadding=0><tr><td style='padding:0cm 0cm 0cm 0cm'><p class=MsoNormal><b>Jo&atilde;o Ferreira</b><o:p></o:p></p><p class=MsoNormal>Tlm: 912 345 678<o:p></o:p></p></td></tr></table><!--[if mso]><p>only Outlook sees this</p><![endif]--></div></body></html>`;

const GMAIL = `<div dir="ltr">Olá,<div><br></div><div>Vi este carro no Standvirtual: <a href="https://www.standvirtual.com/carros/anuncio/audi-a4-avant-ID8PpGxk.html">https://www.standvirtual.com/carros/anuncio/audi-a4-avant-ID8PpGxk.html</a></div><div>Consegue trazer um igual?</div><div><br></div><div>Cumprimentos,</div><div>Rui Matos</div></div><br><div class="gmail_quote"><div dir="ltr" class="gmail_attr">No dia segunda, 2/11/2026 à(s) 10:12, Geral &lt;<a href="mailto:geral@empresa.pt">geral@empresa.pt</a>&gt; escreveu:<br></div><blockquote class="gmail_quote" style="margin:0px 0px 0px 0.8ex;border-left:1px solid rgb(204,204,204);padding-left:1ex"><div>Bom dia, segue a proposta.</div></blockquote></div>`;

const APPLE = `<html><head><meta http-equiv="content-type" content="text/html; charset=utf-8"></head><body style="overflow-wrap: break-word; -webkit-nbsp-mode: space; line-break: after-white-space;">Boa tarde,<div><br></div><div>Está ótimo, aceito!</div><div><br></div><div>Pedro<br><br><blockquote type="cite"><div>On 3 Nov 2026, at 10:12, Comercial &lt;comercial@empresa.pt&gt; wrote:</div><br class="Apple-interchange-newline"><div><div>Segue a proposta para o Golf.</div></div></blockquote></div><br><img src="cid:abc@apple" alt="logo"></body></html>`;

// Outlook for Windows: downlevel-revealed conditional comments, '>' inside attribute values and
// single-quoted hrefs (what a regex chain gets wrong).
const OUTLOOK_CONDITIONAL = `<html><head><!--[if gte mso 9]><xml><o:OfficeDocumentSettings><o:AllowPNG/></o:OfficeDocumentSettings></xml><![endif]--></head><body><!--[if mso]><table><tr><td>Outlook only</td></tr></table><![endif]--><!--[if !mso]><!--><div>Para todos os clientes</div><!--<![endif]--><p class=MsoNormal><a title="Preço > 20 000 €" href='https://www.autoscout24.pt/anuncios/bmw-x1?id=77'>o anúncio</a> que vi</p><img alt="a > b" src="cid:x"><p style="font-family:'Calibri'">Fim</p></body></html>`;

describe('htmlToText: a parser, not a regex chain', () => {
  it('reads Outlook conditional comments, > inside attributes and single-quoted hrefs', () => {
    expect(htmlToText(OUTLOOK_CONDITIONAL)).toBe(
      'Para todos os clientes\n\no anúncio (https://www.autoscout24.pt/anuncios/bmw-x1?id=77) que vi\n\nFim',
    );
    // Past the nesting limit the tags go, and each ends at its own '>', not at one inside a value.
    const deep = htmlToText('<div>'.repeat(70) + OUTLOOK_CONDITIONAL);
    expect(deep).toContain('o anúncio que vi');
    expect(deep).not.toMatch(/20 000|href|autoscout24|a > b/);
  });
  it('reads Outlook HTML: styles, conditional comments and Office tags gone, entities decoded, links kept', () => {
    const text = htmlToText(OUTLOOK);
    expect(text).toContain('Bom dia,');
    expect(text).toContain(
      'Tenho interesse neste BMW 320d Touring de 2019: https://suchen.mobile.de/fahrzeuge/details.html?id=412345678',
    );
    expect(text).toContain('O orçamento é até 28\u00a0000 €.');
    expect(text).toContain('João Ferreira');
    expect(text).toContain('Tlm: 912 345 678');
    expect(text).not.toMatch(/font-family|MsoNormal|shapedefaults|only Outlook|behavior/);
  });
  it('reads Gmail HTML with its quoted reply', () => {
    const text = htmlToText(GMAIL);
    expect(text).toContain(
      'Vi este carro no Standvirtual: https://www.standvirtual.com/carros/anuncio/audi-a4-avant-ID8PpGxk.html',
    );
    expect(text).toContain('Rui Matos');
    expect(text).toContain('Bom dia, segue a proposta.');
    expect(text).not.toContain('<div');
  });
  it('reads Apple Mail HTML, images skipped', () => {
    const text = htmlToText(APPLE);
    expect(text).toMatch(/^Boa tarde,\n\nEstá ótimo, aceito!\n\nPedro/);
    expect(text).toContain('Segue a proposta para o Golf.');
    expect(text).not.toContain('cid:');
  });
  it('keeps a link label with its address, drops scripts and decodes entities', () => {
    expect(htmlToText('<p>Olá <b>Ana</b></p><script>alert(1)</script><a href="https://x.pt/a">anúncio</a>&amp;')).toBe(
      'Olá Ana\n\nanúncio (https://x.pt/a)&',
    );
  });
  it('hostile HTML is read in linear time: 1 MB of open tags, deep nesting', () => {
    const cases = [
      '<a href="x" '.repeat(90_000),
      '<a title="x>" '.repeat(90_000),
      `<a title='${"<b c='".repeat(90_000)}`,
      '<blockquote>'.repeat(90_000) + 'fundo',
      '<div>'.repeat(200_000) + 'fundo',
      `<p>${'<a href="https://x.pt/'.repeat(40_000)}`,
    ];
    const took: string[] = [];
    for (const html of cases) {
      const started = performance.now();
      const text = htmlToText(html);
      const ms = performance.now() - started;
      took.push(`${html.slice(0, 24)}…: ${Math.round(ms)} ms`);
      expect(ms, took.join('\n')).toBeLessThan(1000);
      expect(text.length).toBeLessThanOrEqual(HTML_MAX + 10);
    }
    expect(htmlToText('<blockquote>'.repeat(10_000) + 'fundo')).toContain('fundo');
  });
  it('ordinary HTML past the cap is cut at HTML_MAX and marked', () => {
    const text = htmlToText('<div><p>x <a href="https://x.pt/a">ligação</a></p></div>'.repeat(20_000));
    expect(text.endsWith('[…]')).toBe(true);
    expect(text.length).toBeLessThan(HTML_MAX);
  });
  it('flattens nesting past the limit and keeps the text', () => {
    expect(flattenDeepNesting('<b><i><u>x</u></i></b>', 2)).toBe('<b><i>x</i></b>');
    expect(flattenDeepNesting('<p>a<br>b<img src=x>c</p>', 1)).toBe('<p>a<br>b<img src=x>c</p>');
    expect(flattenDeepNesting('<p>a <a href="x" ', 5)).toBe('<p>a ');
    expect(flattenDeepNesting('<!-- <x> --><p>y</p>', 0)).toBe('<!-- <x> -->y');
    expect(flattenDeepNesting('<p><a title="x > y" href=\'z\'>t</a></p>', 1)).toBe('<p>t</p>');
    expect(flattenDeepNesting("<p><a title=it's>t</a></p>", 1)).toBe('<p>t</p>');
    expect(flattenDeepNesting('<p>a <a title="never closed>b', 5)).toBe('<p>a ');
  });
  it('an HTML-only message gets its text from this reader', async () => {
    const raw = `From: Rui <rui@cliente.pt>\r\nSubject: carro\r\nContent-Type: text/html; charset=utf-8\r\n\r\n${GMAIL}\r\n`;
    expect((await parseMessage(Buffer.from(raw))).text).toContain('Rui Matos');
  });
});
