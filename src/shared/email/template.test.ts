import { describe, expect, it } from 'vitest';
import { bodyToHtml, bodyToText } from './body.ts';
import {
  leadTemplateValues,
  proposalTemplateValues,
  renderTemplate,
  templateAvailable,
  unknownVariables,
} from './template.ts';

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

  it('offers a template only when the required variables it uses have values; never proposal templates', () => {
    const values = leadTemplateValues(lead, user);
    expect(templateAvailable({ title: 'x', body: '{{firstName}} {{vehicleMake}}' }, values)).toBe(true);
    expect(templateAvailable({ title: 'x', body: '{{vehicleModel}}' }, values)).toBe(false); // 'Not specified'
    expect(templateAvailable({ title: '{{lastName}}', body: 'x' }, values)).toBe(false);
    expect(templateAvailable({ title: 'x', body: '{{vehicleYear}}' }, values)).toBe(true); // not in the rule
    expect(templateAvailable({ title: 'x', body: '{{proposalUrl}}' }, values)).toBe(false);
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
    expect(String(v.proposalIsv).replace(/\s/g, ' ')).toBe('1 851,35 €');
    expect(String(v.proposalService).replace(/\s/g, ' ')).toMatch(/^2 ?340,00 €$/);
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
