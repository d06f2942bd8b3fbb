-- ECM registry & editions: the registry's (Age.na.s / COGEAPS) numeric tables of professions,
-- disciplines and national training objectives; an ECM course's editions with their accredited
-- disciplines; the provider's accreditation data; sponsor-recruited participants; and what a
-- certificate keeps of its edition.

-- Professions and disciplines take the registry's codes as their ids (2 digits, 3 digits): the
-- report to the registry carries them as they are. Learners and certificates that used the former
-- slugs are moved to the codes; the former 13/24 names give way to the registry's Italian names.
CREATE TABLE ecm_code_move (kind TEXT NOT NULL, old TEXT NOT NULL, code TEXT NOT NULL, PRIMARY KEY (kind, old));
INSERT INTO ecm_code_move VALUES
  ('p', 'medico-chirurgo', '01'), ('p', 'odontoiatra', '02'), ('p', 'farmacista', '03'), ('p', 'psicologo', '05'),
  ('p', 'biologo', '06'), ('p', 'dietista', '10'), ('p', 'fisioterapista', '12'), ('p', 'infermiere', '14'),
  ('p', 'infermiere-pediatrico', '15'), ('p', 'logopedista', '16'), ('p', 'ostetrica', '18'),
  ('p', 'tecnico-radiologia', '27'), ('p', 'tecnico-laboratorio', '28'),
  ('d', 'cardiologia', '003'), ('d', 'geriatria', '009'), ('d', 'medicina-urgenza', '013'), ('d', 'medicina-interna', '015'),
  ('d', 'pediatria', '024'), ('d', 'chirurgia-generale', '030'), ('d', 'ginecologia-ostetricia', '036'),
  ('d', 'anestesia-rianimazione', '043'), ('d', 'igiene-sanita-pubblica', '055'), ('d', 'medicina-generale', '058'),
  ('d', 'odontoiatria', '064'), ('d', 'farmacia-ospedaliera', '066'), ('d', 'farmacia-territoriale', '067'),
  ('d', 'biologo', '068'), ('d', 'psicoterapia', '077'), ('d', 'psicologia', '078'), ('d', 'dietista', '081'),
  ('d', 'fisioterapista', '082'), ('d', 'infermiere', '085'), ('d', 'infermiere-pediatrico', '086'),
  ('d', 'logopedista', '087'), ('d', 'ostetrica', '089'), ('d', 'tecnico-laboratorio', '093'), ('d', 'tecnico-radiologia', '094');
UPDATE user SET profession_id = (SELECT code FROM ecm_code_move WHERE kind = 'p' AND old = user.profession_id)
  WHERE profession_id IN (SELECT old FROM ecm_code_move WHERE kind = 'p');
UPDATE user SET discipline_id = (SELECT code FROM ecm_code_move WHERE kind = 'd' AND old = user.discipline_id)
  WHERE discipline_id IN (SELECT old FROM ecm_code_move WHERE kind = 'd');
UPDATE ecm_certificate SET profession_id = (SELECT code FROM ecm_code_move WHERE kind = 'p' AND old = ecm_certificate.profession_id)
  WHERE profession_id IN (SELECT old FROM ecm_code_move WHERE kind = 'p');
UPDATE ecm_certificate SET discipline_id = (SELECT code FROM ecm_code_move WHERE kind = 'd' AND old = ecm_certificate.discipline_id)
  WHERE discipline_id IN (SELECT old FROM ecm_code_move WHERE kind = 'd');
DROP TABLE ecm_code_move;
DELETE FROM ecm_discipline_text;
DELETE FROM ecm_discipline;
DELETE FROM ecm_profession_text;
DELETE FROM ecm_profession;

-- The national training objectives (obiettivi formativi), by the registry's number.
CREATE TABLE ecm_objective (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL
);

-- The provider: its accreditation code with the registry (cod_accr), its legal representative and
-- the representative's signature (a PNG or JPEG image) printed on every certificate.
ALTER TABLE ecm_site ADD COLUMN accreditation_code TEXT;
ALTER TABLE ecm_site ADD COLUMN legal_representative TEXT;
ALTER TABLE ecm_site ADD COLUMN signature BLOB;
ALTER TABLE ecm_site ADD COLUMN signature_type TEXT CHECK (signature_type IS NULL OR signature_type IN ('image/png', 'image/jpeg'));

-- An ECM course runs as editions; the event id stays the course's, the edition number is the
-- edition's own. Dates are Europe/Rome days (YYYY-MM-DD); credits are kept in tenths (12.5 -> 125)
-- so the report's one-decimal figure is exact.
ALTER TABLE ecm_course DROP COLUMN edition;
CREATE TABLE ecm_edition (
  course_id TEXT NOT NULL REFERENCES course(id),
  number INTEGER NOT NULL CHECK (number BETWEEN 1 AND 999),
  starts_on TEXT NOT NULL,
  ends_on TEXT NOT NULL,
  hours INTEGER NOT NULL CHECK (hours > 0),
  credit_tenths INTEGER NOT NULL CHECK (credit_tenths BETWEEN 1 AND 500),
  objective_id INTEGER NOT NULL REFERENCES ecm_objective(id),
  tipologia INTEGER NOT NULL CHECK (tipologia BETWEEN 1 AND 11),
  event_type TEXT NOT NULL DEFAULT 'E' CHECK (event_type IN ('E', 'P')),
  -- When staff last downloaded the registry report: the deadline reminder stops then.
  reported_at INTEGER,
  PRIMARY KEY (course_id, number)
);

-- The disciplines an edition is accredited for; learners of any other discipline get a certificate
-- of participation without credits.
CREATE TABLE ecm_edition_discipline (
  course_id TEXT NOT NULL,
  edition INTEGER NOT NULL,
  discipline_id TEXT NOT NULL REFERENCES ecm_discipline(id),
  PRIMARY KEY (course_id, edition, discipline_id),
  FOREIGN KEY (course_id, edition) REFERENCES ecm_edition(course_id, number) ON DELETE CASCADE
);

-- Participants a sponsor recruited for an edition, by codice fiscale, with the sponsor's name.
CREATE TABLE ecm_recruit (
  course_id TEXT NOT NULL,
  edition INTEGER NOT NULL,
  fiscal_code TEXT NOT NULL,
  sponsor TEXT NOT NULL,
  PRIMARY KEY (course_id, edition, fiscal_code),
  FOREIGN KEY (course_id, edition) REFERENCES ecm_edition(course_id, number) ON DELETE CASCADE
);

-- The edition an attempt was submitted in: the learner is reported (and certified) in it.
ALTER TABLE ecm_attempt ADD COLUMN edition INTEGER;

-- The learner's working relationship, which the registry asks for each participant (lib_dip):
-- L libero professionista, D dipendente, C convenzionato, P privo di occupazione.
ALTER TABLE user ADD COLUMN employment TEXT CHECK (employment IS NULL OR employment IN ('L', 'D', 'C', 'P'));

-- What a certificate keeps of its edition and provider at issue (NULL on certificates issued
-- before editions existed). A certificate of participation (a discipline the edition is not
-- accredited for) has credits 0 and is not reported to the registry.
ALTER TABLE ecm_certificate ADD COLUMN hours INTEGER;
ALTER TABLE ecm_certificate ADD COLUMN objective_id INTEGER;
ALTER TABLE ecm_certificate ADD COLUMN edition_starts_on TEXT;
ALTER TABLE ecm_certificate ADD COLUMN edition_ends_on TEXT;
ALTER TABLE ecm_certificate ADD COLUMN accreditation_code TEXT;
ALTER TABLE ecm_certificate ADD COLUMN legal_representative TEXT;
ALTER TABLE ecm_certificate ADD COLUMN employment TEXT;
CREATE INDEX ecm_certificate_edition ON ecm_certificate(site_id, course_id, edition, completed_at);

-- The registry's tables: Age.na.s / COGEAPS codes of the 30 professions and their disciplines
-- (as of the 2018 addition of 117), and the 38 national training objectives (2017 agreement).
INSERT INTO ecm_profession (id, position) VALUES
  ('01', 0),
  ('02', 1),
  ('03', 2),
  ('04', 3),
  ('05', 4),
  ('06', 5),
  ('07', 6),
  ('08', 7),
  ('09', 8),
  ('10', 9),
  ('11', 10),
  ('12', 11),
  ('13', 12),
  ('14', 13),
  ('15', 14),
  ('16', 15),
  ('17', 16),
  ('18', 17),
  ('19', 18),
  ('20', 19),
  ('21', 20),
  ('22', 21),
  ('23', 22),
  ('24', 23),
  ('25', 24),
  ('26', 25),
  ('27', 26),
  ('28', 27),
  ('29', 28),
  ('30', 29);

INSERT INTO ecm_profession_text (profession_id, locale, name) VALUES
  ('01', 'it-IT', 'Medico chirurgo'),
  ('02', 'it-IT', 'Odontoiatra'),
  ('03', 'it-IT', 'Farmacista'),
  ('04', 'it-IT', 'Veterinario'),
  ('05', 'it-IT', 'Psicologo'),
  ('06', 'it-IT', 'Biologo'),
  ('07', 'it-IT', 'Chimico'),
  ('08', 'it-IT', 'Fisico'),
  ('09', 'it-IT', 'Assistente sanitario'),
  ('10', 'it-IT', 'Dietista'),
  ('11', 'it-IT', 'Educatore professionale'),
  ('12', 'it-IT', 'Fisioterapista'),
  ('13', 'it-IT', 'Igienista dentale'),
  ('14', 'it-IT', 'Infermiere'),
  ('15', 'it-IT', 'Infermiere pediatrico'),
  ('16', 'it-IT', 'Logopedista'),
  ('17', 'it-IT', 'Ortottista/Assistente di oftalmologia'),
  ('18', 'it-IT', 'Ostetrica/o'),
  ('19', 'it-IT', 'Podologo'),
  ('20', 'it-IT', 'Tecnico audiometrista'),
  ('21', 'it-IT', 'Tecnico audioprotesista'),
  ('22', 'it-IT', 'Tecnico della fisiopatologia cardiocircolatoria e perfusione cardiovascolare'),
  ('23', 'it-IT', 'Tecnico della prevenzione nell''ambiente e nei luoghi di lavoro'),
  ('24', 'it-IT', 'Tecnico della riabilitazione psichiatrica'),
  ('25', 'it-IT', 'Tecnico di neurofisiopatologia'),
  ('26', 'it-IT', 'Tecnico ortopedico'),
  ('27', 'it-IT', 'Tecnico sanitario di radiologia medica'),
  ('28', 'it-IT', 'Tecnico sanitario laboratorio biomedico'),
  ('29', 'it-IT', 'Terapista della neuro e psicomotricità dell''età evolutiva'),
  ('30', 'it-IT', 'Terapista occupazionale');

INSERT INTO ecm_discipline (id, profession_id, position) VALUES
  ('001', '01', 0),
  ('002', '01', 1),
  ('003', '01', 2),
  ('004', '01', 3),
  ('005', '01', 4),
  ('006', '01', 5),
  ('007', '01', 6),
  ('008', '01', 7),
  ('009', '01', 8),
  ('010', '01', 9),
  ('011', '01', 10),
  ('012', '01', 11),
  ('013', '01', 12),
  ('014', '01', 13),
  ('015', '01', 14),
  ('016', '01', 15),
  ('017', '01', 16),
  ('018', '01', 17),
  ('019', '01', 18),
  ('020', '01', 19),
  ('021', '01', 20),
  ('022', '01', 21),
  ('023', '01', 22),
  ('024', '01', 23),
  ('025', '01', 24),
  ('026', '01', 25),
  ('027', '01', 26),
  ('029', '01', 27),
  ('030', '01', 28),
  ('031', '01', 29),
  ('032', '01', 30),
  ('033', '01', 31),
  ('034', '01', 32),
  ('035', '01', 33),
  ('036', '01', 34),
  ('037', '01', 35),
  ('038', '01', 36),
  ('039', '01', 37),
  ('040', '01', 38),
  ('041', '01', 39),
  ('042', '01', 40),
  ('043', '01', 41),
  ('044', '01', 42),
  ('045', '01', 43),
  ('046', '01', 44),
  ('047', '01', 45),
  ('048', '01', 46),
  ('049', '01', 47),
  ('050', '01', 48),
  ('051', '01', 49),
  ('052', '01', 50),
  ('053', '01', 51),
  ('054', '01', 52),
  ('055', '01', 53),
  ('056', '01', 54),
  ('057', '01', 55),
  ('058', '01', 56),
  ('059', '01', 57),
  ('060', '01', 58),
  ('106', '01', 59),
  ('107', '01', 60),
  ('108', '01', 61),
  ('111', '01', 62),
  ('112', '01', 63),
  ('113', '01', 64),
  ('114', '01', 65),
  ('115', '01', 66),
  ('116', '01', 67),
  ('117', '01', 68),
  ('064', '02', 69),
  ('066', '03', 70),
  ('067', '03', 71),
  ('061', '04', 72),
  ('062', '04', 73),
  ('063', '04', 74),
  ('077', '05', 75),
  ('078', '05', 76),
  ('068', '06', 77),
  ('076', '07', 78),
  ('079', '08', 79),
  ('080', '09', 80),
  ('081', '10', 81),
  ('083', '11', 82),
  ('082', '12', 83),
  ('084', '13', 84),
  ('085', '14', 85),
  ('086', '15', 86),
  ('087', '16', 87),
  ('088', '17', 88),
  ('089', '18', 89),
  ('090', '19', 90),
  ('095', '20', 91),
  ('096', '21', 92),
  ('092', '22', 93),
  ('105', '23', 94),
  ('091', '24', 95),
  ('098', '25', 96),
  ('099', '26', 97),
  ('094', '27', 98),
  ('093', '28', 99),
  ('100', '29', 100),
  ('101', '30', 101);

INSERT INTO ecm_discipline_text (discipline_id, locale, name) VALUES
  ('001', 'it-IT', 'Allergologia ed immunologia clinica'),
  ('002', 'it-IT', 'Angiologia'),
  ('003', 'it-IT', 'Cardiologia'),
  ('004', 'it-IT', 'Dermatologia e venereologia'),
  ('005', 'it-IT', 'Ematologia'),
  ('006', 'it-IT', 'Endocrinologia'),
  ('007', 'it-IT', 'Gastroenterologia'),
  ('008', 'it-IT', 'Genetica medica'),
  ('009', 'it-IT', 'Geriatria'),
  ('010', 'it-IT', 'Malattie metaboliche e diabetologia'),
  ('011', 'it-IT', 'Malattie dell''apparato respiratorio'),
  ('012', 'it-IT', 'Malattie infettive'),
  ('013', 'it-IT', 'Medicina e chirurgia di accettazione e di urgenza'),
  ('014', 'it-IT', 'Medicina fisica e riabilitazione'),
  ('015', 'it-IT', 'Medicina interna'),
  ('016', 'it-IT', 'Medicina termale'),
  ('017', 'it-IT', 'Medicina aeronautica e spaziale'),
  ('018', 'it-IT', 'Medicina dello sport'),
  ('019', 'it-IT', 'Nefrologia'),
  ('020', 'it-IT', 'Neonatologia'),
  ('021', 'it-IT', 'Neurologia'),
  ('022', 'it-IT', 'Neuropsichiatria infantile'),
  ('023', 'it-IT', 'Oncologia'),
  ('024', 'it-IT', 'Pediatria'),
  ('025', 'it-IT', 'Psichiatria'),
  ('026', 'it-IT', 'Radioterapia'),
  ('027', 'it-IT', 'Reumatologia'),
  ('029', 'it-IT', 'Cardiochirurgia'),
  ('030', 'it-IT', 'Chirurgia generale'),
  ('031', 'it-IT', 'Chirurgia maxillo-facciale'),
  ('032', 'it-IT', 'Chirurgia pediatrica'),
  ('033', 'it-IT', 'Chirurgia plastica e ricostruttiva'),
  ('034', 'it-IT', 'Chirurgia toracica'),
  ('035', 'it-IT', 'Chirurgia vascolare'),
  ('036', 'it-IT', 'Ginecologia e ostetricia'),
  ('037', 'it-IT', 'Neurochirurgia'),
  ('038', 'it-IT', 'Oftalmologia'),
  ('039', 'it-IT', 'Ortopedia e traumatologia'),
  ('040', 'it-IT', 'Otorinolaringoiatria'),
  ('041', 'it-IT', 'Urologia'),
  ('042', 'it-IT', 'Anatomia patologica'),
  ('043', 'it-IT', 'Anestesia e rianimazione'),
  ('044', 'it-IT', 'Biochimica clinica'),
  ('045', 'it-IT', 'Farmacologia e tossicologia clinica'),
  ('046', 'it-IT', 'Laboratorio di genetica medica'),
  ('047', 'it-IT', 'Medicina trasfusionale'),
  ('048', 'it-IT', 'Medicina legale'),
  ('049', 'it-IT', 'Medicina nucleare'),
  ('050', 'it-IT', 'Microbiologia e virologia'),
  ('051', 'it-IT', 'Neurofisiopatologia'),
  ('052', 'it-IT', 'Neuroradiologia'),
  ('053', 'it-IT', 'Patologia clinica (laboratorio di analisi chimico-cliniche e microbiologia)'),
  ('054', 'it-IT', 'Radiodiagnostica'),
  ('055', 'it-IT', 'Igiene, epidemiologia e sanità pubblica'),
  ('056', 'it-IT', 'Igiene degli alimenti e della nutrizione'),
  ('057', 'it-IT', 'Medicina del lavoro e sicurezza degli ambienti di lavoro'),
  ('058', 'it-IT', 'Medicina generale (medici di famiglia)'),
  ('059', 'it-IT', 'Continuità assistenziale'),
  ('060', 'it-IT', 'Pediatria (pediatri di libera scelta)'),
  ('106', 'it-IT', 'Scienza dell''alimentazione e dietetica'),
  ('107', 'it-IT', 'Direzione medica di presidio ospedaliero'),
  ('108', 'it-IT', 'Organizzazione dei servizi sanitari di base'),
  ('111', 'it-IT', 'Audiologia e foniatria'),
  ('112', 'it-IT', 'Psicoterapia'),
  ('113', 'it-IT', 'Privo di specializzazione'),
  ('114', 'it-IT', 'Cure palliative'),
  ('115', 'it-IT', 'Epidemiologia'),
  ('116', 'it-IT', 'Medicina di comunità'),
  ('117', 'it-IT', 'Medicina subacquea e iperbarica'),
  ('064', 'it-IT', 'Odontoiatria'),
  ('066', 'it-IT', 'Farmacia ospedaliera'),
  ('067', 'it-IT', 'Farmacia territoriale'),
  ('061', 'it-IT', 'Igiene degli allevamenti e delle produzioni zootecniche'),
  ('062', 'it-IT', 'Igiene prod., trasf., commercial., conserv. e tras. alimenti di origine animale e derivati'),
  ('063', 'it-IT', 'Sanità animale'),
  ('077', 'it-IT', 'Psicoterapia'),
  ('078', 'it-IT', 'Psicologia'),
  ('068', 'it-IT', 'Biologo'),
  ('076', 'it-IT', 'Chimica analitica'),
  ('079', 'it-IT', 'Fisica sanitaria'),
  ('080', 'it-IT', 'Assistente sanitario'),
  ('081', 'it-IT', 'Dietista'),
  ('083', 'it-IT', 'Educatore professionale'),
  ('082', 'it-IT', 'Fisioterapista'),
  ('084', 'it-IT', 'Igienista dentale'),
  ('085', 'it-IT', 'Infermiere'),
  ('086', 'it-IT', 'Infermiere pediatrico'),
  ('087', 'it-IT', 'Logopedista'),
  ('088', 'it-IT', 'Ortottista/Assistente di oftalmologia'),
  ('089', 'it-IT', 'Ostetrica/o'),
  ('090', 'it-IT', 'Podologo'),
  ('095', 'it-IT', 'Tecnico audiometrista'),
  ('096', 'it-IT', 'Tecnico audioprotesista'),
  ('092', 'it-IT', 'Tecnico della fisiopatologia cardiocircolatoria e perfusione cardiovascolare'),
  ('105', 'it-IT', 'Tecnico della prevenzione nell''ambiente e nei luoghi di lavoro'),
  ('091', 'it-IT', 'Tecnico della riabilitazione psichiatrica'),
  ('098', 'it-IT', 'Tecnico di neurofisiopatologia'),
  ('099', 'it-IT', 'Tecnico ortopedico'),
  ('094', 'it-IT', 'Tecnico sanitario di radiologia medica'),
  ('093', 'it-IT', 'Tecnico sanitario laboratorio biomedico'),
  ('100', 'it-IT', 'Terapista della neuro e psicomotricità dell''età evolutiva'),
  ('101', 'it-IT', 'Terapista occupazionale');

INSERT INTO ecm_objective (id, name) VALUES
  (1, 'Applicazione nella pratica quotidiana dei principi e delle procedure dell''evidence based practice (EBM - EBN - EBP)'),
  (2, 'Linee guida - protocolli - procedure'),
  (3, 'Documentazione clinica. Percorsi clinico-assistenziali diagnostici e riabilitativi, profili di assistenza - profili di cura'),
  (4, 'Appropriatezza delle prestazioni sanitarie, sistemi di valutazione, verifica e miglioramento dell''efficienza ed efficacia. Livelli essenziali di assistenza (LEA)'),
  (5, 'Principi, procedure e strumenti per il governo clinico delle attività sanitarie'),
  (6, 'Sicurezza del paziente, risk management e responsabilità professionale'),
  (7, 'La comunicazione efficace interna, esterna, con paziente. La privacy ed il consenso informato'),
  (8, 'Integrazione interprofessionale e multiprofessionale, interistituzionale'),
  (9, 'Integrazione tra assistenza territoriale ed ospedaliera'),
  (10, 'Epidemiologia - prevenzione e promozione della salute - diagnostica - tossicologia con acquisizione di nozioni tecnico-professionali'),
  (11, 'Management sistema salute. Innovazione gestionale e sperimentazione di modelli organizzativi e gestionali'),
  (12, 'Aspetti relazionali e umanizzazione delle cure'),
  (13, 'Metodologia e tecniche di comunicazione, anche in relazione allo sviluppo dei programmi nazionali e regionali di prevenzione primaria'),
  (14, 'Accreditamento strutture sanitarie e dei professionisti. La cultura della qualità, procedure e certificazione, con acquisizione di nozioni di processo'),
  (15, 'Multiculturalità e cultura dell''accoglienza nell''attività sanitaria, medicina relativa alle popolazioni migranti'),
  (16, 'Etica, bioetica e deontologia'),
  (17, 'Argomenti di carattere generale: sanità digitale, informatica di livello avanzato e lingua inglese scientifica. Normativa in materia sanitaria: i principi etici e civili del S.S.N. e normativa su materie oggetto delle singole professioni sanitarie, con acquisizione di nozioni di sistema'),
  (18, 'Contenuti tecnico-professionali (conoscenze e competenze) specifici di ciascuna professione, di ciascuna specializzazione e di ciascuna attività ultraspecialistica, ivi incluse le malattie rare e la medicina di genere'),
  (19, 'Medicine non convenzionali: valutazione dell''efficacia in ragione degli esiti e degli ambiti di complementarietà'),
  (20, 'Tematiche speciali del S.S.N. e/o S.S.R. a carattere urgente e/o straordinario individuate dalla Commissione nazionale per la formazione continua e dalle regioni/province autonome per far fronte a specifiche emergenze sanitarie con acquisizione di nozioni tecnico-professionali'),
  (21, 'Trattamento del dolore acuto e cronico. Palliazione'),
  (22, 'Fragilità e cronicità (minori, anziani, dipendenze da stupefacenti, alcool e ludopatia, salute mentale), nuove povertà, tutela degli aspetti assistenziali, sociosanitari e socio-assistenziali'),
  (23, 'Sicurezza e igiene alimentari, nutrizione e/o patologie correlate'),
  (24, 'Sanità veterinaria. Attività presso gli stabulari. Sanità vegetale'),
  (25, 'Farmaco epidemiologia, farmacoeconomia, farmacovigilanza'),
  (26, 'Sicurezza e igiene ambientali (aria, acqua e suolo) e/o patologie correlate'),
  (27, 'Sicurezza e igiene negli ambienti e nei luoghi di lavoro e patologie correlate. Radioprotezione'),
  (28, 'Implementazione della cultura e della sicurezza in materia di donazione trapianto'),
  (29, 'Innovazione tecnologica: valutazione, miglioramento dei processi di gestione delle tecnologie biomediche, chimiche, fisiche e dei dispositivi medici. Health Technology Assessment'),
  (30, 'Epidemiologia - prevenzione e promozione della salute - diagnostica - tossicologia con acquisizione di nozioni di processo'),
  (31, 'Epidemiologia - prevenzione e promozione della salute - diagnostica - tossicologia con acquisizione di nozioni di sistema'),
  (32, 'Tematiche speciali del S.S.N. e/o S.S.R. a carattere urgente e/o straordinario individuate dalla Commissione nazionale per la formazione continua e dalle regioni/province autonome per far fronte a specifiche emergenze sanitarie con acquisizione di nozioni di processo'),
  (33, 'Tematiche speciali del S.S.N. e/o S.S.R. a carattere urgente e/o straordinario individuate dalla Commissione nazionale per la formazione continua e dalle regioni/province autonome per far fronte a specifiche emergenze sanitarie con acquisizione di nozioni di sistema'),
  (34, 'Accreditamento strutture sanitarie e dei professionisti. La cultura della qualità, procedure e certificazione, con acquisizione di nozioni tecnico-professionali'),
  (35, 'Argomenti di carattere generale: sanità digitale, informatica di livello avanzato e lingua inglese scientifica. Normativa in materia sanitaria: i principi etici e civili del S.S.N. e normativa su materie oggetto delle singole professioni sanitarie, con acquisizione di nozioni tecnico-professionali'),
  (36, 'Valutazione, analisi, studio, caratterizzazione, identificazione di: agenti, sostanze, preparati, materiali ed articoli e loro interazione con la salute e la sicurezza'),
  (37, 'Metodologie, tecniche e procedimenti di misura e indagini analitiche, diagnostiche e di screening, anche in ambito ambientale, del territorio e del patrimonio artistico e culturale. Raccolta, processamento ed elaborazione dei dati e dell''informazione'),
  (38, 'Verifiche ed accertamenti nei porti e sulle navi anche ai fini della sicurezza; valutazioni ed analisi di esplosivi, combustibili, acceleranti e loro tracce; gestione delle emergenze e degli incidenti rilevanti');
