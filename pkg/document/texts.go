package document

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
)

//go:embed texts.json
var defaultTexts []byte

// Texts are the words that belong to the broker or to the insurer rather
// than to the code: clauses, the SEPA mandate's wording, the letter model.
// A broker replaces them with a file of the same shape as texts.json.
// A text may name the values it is filled with, between braces ({contrat});
// each text accepts the placeholders listed in textSpecs.
type Texts struct {
	Advice         string `json:"conseil"`
	Declarations   string `json:"declarations"`
	Withdrawal     string `json:"renonciation"`
	Cancellation   string `json:"resiliation"`
	Amendment      string `json:"avenant"`
	SEPAMandate    string `json:"mandatSepa"`
	Letter         string `json:"lettreRetractation"`
	LetterSending  string `json:"lettreEnvoi"`
	VehicleMemo    string `json:"memoVehicule"`
	VTCCertificate string `json:"attestationVtc"`
	Evidence       string `json:"preuve"`
	SignaturePage  string `json:"pageSignature"`

	// HomeAttestation and TemporaryAttestation open the attestations of a
	// home and of a temporary contract; Temporary is a temporary
	// contract's clause of duration, NoWithdrawal the withdrawal clause of
	// a contract under one month.
	HomeAttestation      string `json:"attestationHabitation"`
	TemporaryAttestation string `json:"attestationTemporaire"`
	Temporary            string `json:"contratTemporaire"`
	NoWithdrawal         string `json:"renonciationExclue"`
}

// textSpec says what a text may and must name.
type textSpec struct {
	key      string
	get      func(*Texts) string
	allowed  []string
	required []string
}

var textSpecs = []textSpec{
	{"conseil", func(t *Texts) string { return t.Advice }, []string{"courtier"}, nil},
	{"declarations", func(t *Texts) string { return t.Declarations }, nil, nil},
	{"renonciation", func(t *Texts) string { return t.Withdrawal }, []string{"contrat", "date", "courtier", "assureur"}, nil},
	{"resiliation", func(t *Texts) string { return t.Cancellation }, []string{"contrat", "courtier", "assureur"}, nil},
	{"avenant", func(t *Texts) string { return t.Amendment },
		[]string{"numero", "contrat", "date", "courtier", "assureur"}, []string{"contrat", "date"}},
	{"mandatSepa", func(t *Texts) string { return t.SEPAMandate }, []string{"creancier"}, []string{"creancier"}},
	{"lettreRetractation", func(t *Texts) string { return t.Letter },
		[]string{"nom", "adresse", "contrat", "date", "assureur", "courtier"}, []string{"nom", "contrat"}},
	{"lettreEnvoi", func(t *Texts) string { return t.LetterSending }, []string{"courtier", "adresseCourtier", "email"}, nil},
	{"memoVehicule", func(t *Texts) string { return t.VehicleMemo }, nil, nil},
	{"attestationVtc", func(t *Texts) string { return t.VTCCertificate },
		[]string{"assureur", "nom", "contrat", "immatriculation", "debut", "fin"}, []string{"contrat", "immatriculation"}},
	{"attestationHabitation", func(t *Texts) string { return t.HomeAttestation },
		[]string{"assureur", "nom", "contrat", "adresse", "debut", "fin"}, []string{"contrat", "adresse"}},
	{"attestationTemporaire", func(t *Texts) string { return t.TemporaryAttestation },
		[]string{"assureur", "nom", "contrat", "immatriculation", "debut", "fin"}, []string{"contrat", "immatriculation", "debut", "fin"}},
	{"contratTemporaire", func(t *Texts) string { return t.Temporary }, []string{"contrat", "debut", "fin", "courtier", "assureur"}, []string{"fin"}},
	{"renonciationExclue", func(t *Texts) string { return t.NoWithdrawal }, []string{"contrat", "courtier", "assureur"}, nil},
	{"preuve", func(t *Texts) string { return t.Evidence }, []string{"courtier"}, nil},
	{"pageSignature", func(t *Texts) string { return t.SignaturePage }, []string{"nom", "date", "preuve"}, nil},
}

// DefaultTexts are the texts shipped in texts.json.
func DefaultTexts() (*Texts, error) {
	return ParseTexts(defaultTexts)
}

// LoadTexts reads the texts from path, or the shipped ones when path is empty.
func LoadTexts(path string) (*Texts, error) {
	if path == "" {
		return DefaultTexts()
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("textes des documents : %w", err)
	}
	t, err := ParseTexts(data)
	if err != nil {
		return nil, fmt.Errorf("%s : %w", path, err)
	}
	return t, nil
}

var placeholder = regexp.MustCompile(`\{[^{}]*\}`)

// ParseTexts reads and checks texts in the shape of texts.json: every text
// present and not empty, no unknown key, only the placeholders the text can
// be filled with, and the no-break spaces French typography wants.
func ParseTexts(data []byte) (*Texts, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var t Texts
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("textes des documents illisibles : %w", err)
	}
	var errs []error
	for _, s := range textSpecs {
		if err := s.check(s.get(&t)); err != nil {
			errs = append(errs, fmt.Errorf("texte « %s » : %w", s.key, err))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return &t, nil
}

func (s textSpec) check(text string) error {
	if strings.TrimSpace(text) == "" {
		return errors.New("absent ou vide")
	}
	for _, p := range placeholder.FindAllString(text, -1) {
		if name := p[1 : len(p)-1]; !slices.Contains(s.allowed, name) {
			return fmt.Errorf("%s inconnu ici (possibles : %s)", p, braces(s.allowed))
		}
	}
	for _, name := range s.required {
		if !strings.Contains(text, "{"+name+"}") {
			return fmt.Errorf("{%s} manque", name)
		}
	}
	return checkTypography(text)
}

func braces(names []string) string {
	if len(names) == 0 {
		return "aucun"
	}
	return "{" + strings.Join(names, "}, {") + "}"
}

// checkTypography refuses the ordinary spaces that would let a line break
// before « : ; ! ? » or inside « guillemets ».
func checkTypography(text string) error {
	runes := []rune(text)
	for i, r := range runes {
		if r != ' ' {
			continue
		}
		if i+1 < len(runes) && strings.ContainsRune(":;!?»", runes[i+1]) {
			return fmt.Errorf("espace ordinaire avant « %c » (position %d) : il faut une espace insécable (U+00A0)", runes[i+1], i)
		}
		if i > 0 && runes[i-1] == '«' {
			return fmt.Errorf("espace ordinaire après « « » (position %d) : il faut une espace insécable (U+00A0)", i)
		}
	}
	return nil
}

// fill replaces the placeholders of text by their values.
func fill(text string, values map[string]string) string {
	pairs := make([]string, 0, 2*len(values))
	for k, v := range values {
		pairs = append(pairs, "{"+k+"}", v)
	}
	return strings.NewReplacer(pairs...).Replace(text)
}
