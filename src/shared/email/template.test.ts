import { describe, expect, it } from 'vitest';
import { bodyToHtml, bodyToText } from './body.ts';
import { leadTemplateValues, proposalTemplateValues, renderTemplate, unknownVariables } from './template.ts';
import { missingTemplateValues, placeholderSpans, templateOffered, unfilledPlaceholders } from './template-gaps.ts';

const lead = {
  firstName: 'Ana',
  lastName: null,
  email: 'ana@x.pt',
  vehicleMake: 'BMW',
  vehicleModel: 'Not specified',
  vehicleYear: null,
  reference: 'L1',
};
const user = { firstName: 'Rui', lastName: 'Sá', username: 'rui' };

describe('templates', () => {
  it('replaces known variables, brackets the missing ones, leaves unknown ones as written', () => {
    const values = leadTemplateValues(lead, user);
    expect(renderTemplate('Olá {{ firstName }} {{lastName}}, {{vehicleModel}} {{x}} — {{userName}}', values)).toBe(
      'Olá Ana [Last Name], [Vehicle Model] {{x}} — Rui Sá',
    );
    expect(unknownVariables('{{firstName}} {{firstname}} {{price}} {{price}}')).toEqual(['firstname', 'price']);
  });

  it('offers every template but proposal ones, and names the values the lead lacks (ADR 063)', () => {
    const values = leadTemplateValues({ ...lead, vehicleMake: '' }, user);
    expect(templateOffered({ title: 'x', body: '{{firstName}} {{vehicleMake}}' })).toBe(true);
    expect(templateOffered({ title: 'x', body: '{{proposalUrl}}' })).toBe(false);
    const t = {
      title: 'O seu {{vehicleMake}}',
      body: '{{firstName}} {{lastName}} {{vehicleModel}} {{vehicleYear}} {{x}}',
    };
    // Empty make and 'Not specified' model both count as missing; unknown variables are not values.
    expect(missingTemplateValues(t, values)).toEqual(['vehicleMake', 'lastName', 'vehicleModel', 'vehicleYear']);
    const body = renderTemplate(t.body, values);
    expect(body).toBe('Ana [Last Name] [Vehicle Model] [Vehicle Year] {{x}}');
    expect(unfilledPlaceholders(body, ['lastName', 'vehicleMake'])).toEqual(['[Last Name]']);
    expect(placeholderSpans('[Vehicle Year] e [Last Name] e [Vehicle Year]', ['lastName', 'vehicleYear'])).toEqual([
      [0, 14],
      [17, 28],
      [31, 45],
    ]);
  });

  it('proposal figures in Portuguese euros, exact cents, the page in the chosen language', () => {
    const v = proposalTemplateValues(
      {
        publicId: 'abc',
        vehiclePrice: '28000.00',
        isvCost: '1000.10',
        ivaCost: '851.25',
        transportCost: '2000.00',
        registrationFee: '340.00',
        totalCost: '32191.35',
      },
      'https://site.pt/',
      'en',
    );
    expect(v.proposalUrl).toBe('https://site.pt/proposals/abc');
    // The proposal page's format (src/shared/money-format.ts), with the cents.
    expect(v.proposalIsv).toBe('€1\u00a0851,35');
    expect(v.proposalService).toBe('€2\u00a0340,00');
    expect(
      proposalTemplateValues(
        {
          ...{
            publicId: 'p',
            vehiclePrice: null,
            isvCost: null,
            ivaCost: null,
            transportCost: '0',
            registrationFee: '0',
            totalCost: null,
          },
        },
        'https://s',
        'pt',
      ),
    ).toMatchObject({
      proposalUrl: 'https://s/proposta/p',
      proposalValue: null,
      proposalIsv: null,
      proposalFinal: null,
    });
  });
});

describe('the body', () => {
  it('keeps only i, b, strong, em, u (without attributes), escapes everything else, links URLs', () => {
    expect(bodyToHtml('<b>a</b> <script>x</script> <b onclick="y">c</b> & https://x.pt/p?a=1.')).toBe(
      '<b>a</b> &lt;script&gt;x&lt;/script&gt; &lt;b onclick=&quot;y&quot;&gt;c&lt;/b&gt; &amp; <a href="https://x.pt/p?a=1">https://x.pt/p?a=1</a>.',
    );
    expect(bodyToHtml('<i>open\nline')).toBe('<i>open<br>\nline</i>');
    expect(bodyToHtml('<b><i>x</b>y</i>')).toBe('<b><i>x</i></b><i>y</i>');
    expect(bodyToText('<b>Olá</b> <script>')).toBe('Olá <script>');
  });
});
