// mobile.de spec-row labels (docs/listings.md section 2): what each tag's row is called in the
// languages mobile.de prints, and the rows that must never be taken for it.

/** A row about consumption, cost, class or tank size, whatever its first word ("Kraftstoffverbrauch", "Fuel consumption", "CO₂-Klasse"). */
export const NOT_THE_VALUE =
  /verbrauch|verbruik|consum|consommation|tank|prijs|prix|price|preis|kosten|cost|klass|class|steuer|belasting|taxe/i;

/**
 * Tag first, then the localized row labels (de, en, fr, nl, it, es, pl), as mobile.de prints them
 * (seen on real pages: "Kraftstoffart" next to "Kraftstoffverbrauch2", French "Émissions de CO₂
 * (peigne)2", footnote digits glued to the label). Labels are matched without diacritics.
 */
export const LABELS: Record<string, RegExp> = {
  mileage: /^(kilometerstand|mileage|kilometrage|chilometraggio|kilometraje|przebieg)/i,
  cubicCapacity: /^(hubraum|cubic capacity|cylindree|inhoud|cilinderinhoud|cilindrata|cilindrada|pojemnosc)/i,
  power: /^(leistung|power|puissance|vermogen|potenza|potencia|moc)/i,
  fuel: /^(kraftstoff|fuel|carburant|brandstof|carburante|combustible|alimentazione|rodzaj paliwa)/i,
  firstRegistration:
    /^(erstzulassung|first registration|date (d')?immatriculation|eerste (registratie|inschrijving)|immatricolazione|primera matriculacion|pierwsza rejestracja)/i,
  'envkv.co2Emissions': /^(?=.*co[\s.]*[₂2])(?=.*(emis|ausstoss|uitstoot))/i,
  'envkv.engineType': /^(antriebsart|drive type|type aandrijving|motorisation|tipo di motore|tipo de motor)/i,
  trimLine: /^(ausstattungslinie|trim line|trimdraad|uitrustingsniveau|ligne de coupe|finition|allestimento)/i,
};
/** Rows whose label must not be taken for the value's own row, per tag. */
export const LABEL_EXCLUDE: Record<string, RegExp> = { fuel: NOT_THE_VALUE, 'envkv.co2Emissions': NOT_THE_VALUE };
