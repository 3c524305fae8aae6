package web

import (
	"bytes"
	"context"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/png"
	"strings"
	"testing"

	"courtier/pkg/contract/contracttest"
	"courtier/pkg/store"
)

// contractEnv is a server with a client's car contract, complete and
// waiting for its signature.
type contractEnv struct {
	*apiEnv
	people  map[string]string
	id      string
	priceID string
}

func newContractEnv(t *testing.T) *contractEnv {
	t.Helper()
	env := newAPI(t)
	e := &contractEnv{apiEnv: env, people: env.people(t)}
	id, key, _ := env.price(t)
	res, body := env.do(t, "POST", "/api/prices/"+id+"/keep", `{"key":"`+key+`"}`, e.people["client"])
	var kept struct {
		Quote struct{ Recommended struct{ ID string } }
	}
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &kept) != nil {
		t.Fatalf("keep: %d %s", res.StatusCode, body)
	}
	e.priceID = kept.Quote.Recommended.ID
	res, body = env.do(t, "POST", "/api/contracts", `{"priceId":"`+e.priceID+`","startDate":"2026-03-10",`+
		`"address":"12 rue des Lilas","postalCode":"69002","city":"Lyon","registration":"AB-123-CD",`+
		`"policyholder":{"firstName":"Marie","lastName":"Durand","birthDate":"1981-03-02","phone":"06 12 34 56 78"}}`, e.people["client"])
	var made struct{ Contract struct{ ID, Number string } }
	if res.StatusCode != 201 || json.Unmarshal([]byte(body), &made) != nil || !strings.HasPrefix(made.Contract.Number, "CT-2026-") {
		t.Fatalf("POST /api/contracts: %d %s", res.StatusCode, body)
	}
	e.id = made.Contract.ID
	return e
}

// code sends a signature code and reads it from the events.
func (e *contractEnv) code(t *testing.T) string {
	t.Helper()
	if res, body := e.do(t, "POST", "/api/contracts/"+e.id+"/signature-code", "", e.people["client"]); res.StatusCode != 202 {
		t.Fatalf("signature-code: %d %s", res.StatusCode, body)
	}
	return contracttest.LastCode(t, e.app)
}

// sign signs the contract with the code sent.
func (e *contractEnv) sign(t *testing.T) {
	t.Helper()
	body := `{"code":"` + e.code(t) + `","holder":"Client Exemple","iban":"FR76 3000 6000 0112 3456 7890 189","accept":["advice","conditions","ipid","letter","sepa"]}`
	if res, got := e.do(t, "POST", "/api/contracts/"+e.id+"/signature", body, e.people["client"]); res.StatusCode != 200 ||
		!strings.Contains(got, `"status":"awaiting_documents"`) {
		t.Fatalf("signature: %d %s", res.StatusCode, got)
	}
}

// upload sends a supporting document as the site does.
func (e *contractEnv) upload(t *testing.T, kind, name string, data []byte, who string) (int, string) {
	t.Helper()
	body, ctype := fileForm(t, name, data)
	res, out := apiScenario{method: "POST", path: "/api/contracts/" + e.id + "/proofs/" + kind, body: body, ctype: ctype, cookie: e.people[who]}.send(e.h)
	return res.StatusCode, out
}

// files counts the stored files.
func (e *contractEnv) files(t *testing.T) int {
	t.Helper()
	var n int
	err := e.app.Store.ReadTx(context.Background(), func(tx *store.Tx) error {
		return tx.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM files").Scan(&n)
	})
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func pngOf(w, h int) []byte {
	var buf bytes.Buffer
	png.Encode(&buf, image.NewGray(image.Rect(0, 0, w, h)))
	return buf.Bytes()
}

// pngBomb is a PNG whose header declares 50 000 × 50 000 pixels.
func pngBomb() []byte {
	b := pngOf(1, 1)
	// IHDR's width and height are bytes 16–23; its CRC must follow them.
	copy(b[16:24], []byte{0, 0, 0xc3, 0x50, 0, 0, 0xc3, 0x50})
	crc := crcOf(b[12:29])
	copy(b[29:33], []byte{byte(crc >> 24), byte(crc >> 16), byte(crc >> 8), byte(crc)})
	return b
}

// TestContractPolicyholderAndPrice checks the API's keys of the
// policyholder and of a premium priced again.
func TestContractPolicyholderAndPrice(t *testing.T) {
	e := newContractEnv(t)
	c := e.people
	for _, x := range []apiScenario{
		{name: "the contract says who and how much", as: "client", method: "GET", path: "/api/contracts/" + e.id, status: 200, contains: []string{`"yearlyCents":`, `"policyholder":{"firstName":"Marie","lastName":"Durand","birthDate":"1981-03-02","phone":"0612345678"}`, `"repriced":false`, `"name":"Marie DURAND"`}},
		{name: "the profile keeps it", as: "client", method: "GET", path: "/api/profile/policyholder", status: 200, contains: []string{`"lastName":"Durand"`}},
		{name: "another's profile holds none", as: "other", method: "GET", path: "/api/profile/policyholder", status: 200, contains: []string{`"policyholder":{"firstName":"","lastName":""`}},
		{name: "a bad phone", as: "client", method: "PUT", path: "/api/contracts/" + e.id, body: `{"policyholder":{"phone":"12"}}`, status: 400, contains: []string{`"field":"policyholder.phone"`, `"errors":[{"field":"policyholder.phone"`}},
		{name: "too young", as: "client", method: "PUT", path: "/api/contracts/" + e.id, body: `{"policyholder":{"birthDate":"2010-01-01"}}`, status: 400, contains: []string{`"field":"policyholder.birthDate"`, "majeur"}},
		{name: "another address reprices", as: "client", method: "PUT", path: "/api/contracts/" + e.id, body: `{"postalCode":"13001","city":"Marseille"}`, status: 200, contains: []string{`"repriced":true`, `"repricing":{"fromYearlyCents":`, `["Code postal du lieu de stationnement","69002","13001"]`}},
		{name: "an answer reprices", as: "client", method: "PUT", path: "/api/contracts/" + e.id, body: `{"answers":{"yearlyKm":30000}}`, status: 200, contains: []string{`"yearlyKm":30000`}},
		{name: "an unknown answer", as: "client", method: "PUT", path: "/api/contracts/" + e.id, body: `{"answers":{"colour":"red"}}`, status: 400, contains: []string{`"field":"answers.colour"`}},
	} {
		x.run(t, e.h, c)
	}
	// A new account's first contract, without a policyholder: each field
	// is named in the house's field errors.
	id, key, _ := e.price(t)
	res, body := e.do(t, "POST", "/api/prices/"+id+"/keep", `{"key":"`+key+`"}`, c["other"])
	var kept struct {
		Quote struct{ Recommended struct{ ID string } }
	}
	if res.StatusCode != 200 || json.Unmarshal([]byte(body), &kept) != nil {
		t.Fatalf("keep: %d %s", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "/api/contracts", `{"priceId":"`+kept.Quote.Recommended.ID+`","startDate":"2026-03-10"}`, c["other"])
	for _, f := range []string{"firstName", "lastName", "birthDate", "phone"} {
		if res.StatusCode != 400 || !strings.Contains(body, `{"field":"policyholder.`+f+`"`) {
			t.Errorf("no policyholder: %d %s, want policyholder.%s", res.StatusCode, body, f)
		}
	}
}

func TestContractsThroughTheAPI(t *testing.T) {
	e := newContractEnv(t)
	c, id := e.people, e.id
	for _, x := range []apiScenario{
		{name: "the owner reads it", as: "client", method: "GET", path: "/api/contracts/" + id, status: 200, contains: []string{`"documents":[{`}},
		{name: "another client does not", as: "other", method: "GET", path: "/api/contracts/" + id, status: 404, contains: []string{"introuvable"}},
		{name: "a visitor must sign in", as: "anonymous", method: "GET", path: "/api/contracts/" + id, status: 401},
		{name: "staff read it", as: "agent", method: "GET", path: "/api/contracts/" + id, status: 200, contains: []string{`"number":"CT-2026-`}},
		{name: "a list of one", as: "client", method: "GET", path: "/api/contracts", status: 200, contains: []string{`"contracts":[{`}},
		{name: "another's list is empty", as: "other", method: "GET", path: "/api/contracts", status: 200, contains: []string{`{"contracts":[]}`}},
		{name: "no code for another", as: "other", method: "POST", path: "/api/contracts/" + id + "/signature-code", status: 404},
		{name: "a wrong start date", as: "client", method: "PUT", path: "/api/contracts/" + id, body: `{"startDate":"2026-03-01"}`, status: 400, contains: []string{`"field":"startDate"`}},
		{name: "an unknown key", as: "client", method: "PUT", path: "/api/contracts/" + id, body: `{"colour":"red"}`, status: 400, contains: []string{"champ inconnu"}},
		{name: "an offer of nobody", as: "client", method: "POST", path: "/api/contracts", body: `{"offerId":"nope","startDate":"2026-03-10"}`, status: 404},
		{name: "a price of nobody", as: "client", method: "POST", path: "/api/contracts", body: `{"priceId":"nope-1","startDate":"2026-03-10"}`, status: 404},
		{name: "a staff list is staff's", as: "client", method: "GET", path: "/api/desk/contracts", status: 403},
		{name: "staff list", as: "agent", method: "GET", path: "/api/desk/contracts?status=pending_signature", status: 200, contains: []string{id}},
		{name: "an unknown status", as: "agent", method: "GET", path: "/api/desk/contracts?status=lost", status: 400, contains: []string{`"field":"status"`}},
		{name: "counts", as: "admin", method: "GET", path: "/api/desk/contracts/counts", status: 200, contains: []string{`"pending":1`}},
		{name: "no unpaid contract", as: "agent", method: "GET", path: "/api/desk/contracts?status=unpaid", status: 200, contains: []string{`{"contracts":[]}`}},
		{name: "none to renew", as: "agent", method: "GET", path: "/api/desk/contracts?status=renewal", status: 200, contains: []string{`{"contracts":[]}`}},
		{name: "the unpaid are staff's", as: "client", method: "GET", path: "/api/desk/contracts?status=unpaid", status: 403},
		{name: "the premiums counted", as: "admin", method: "GET", path: "/api/desk/contracts/counts", status: 200,
			contains: []string{`"collectedCents":0`, `"rejectedCents":0`, `"rejected":0`, `"outstandingCents":0`}},
		{name: "no cancellation before the signature", as: "client", method: "POST", path: "/api/contracts/" + id + "/cancellation", body: `{"reason":"term"}`, status: 409, contains: []string{"pas signé"}},
		{name: "no upload before the signature", as: "client", method: "GET", path: "/api/contracts/" + id + "/proofs/licence", status: 404},
	} {
		x.run(t, e.h, c)
	}

	// The documents are PDFs, for the owner and staff only.
	_, body := e.do(t, "GET", "/api/contracts/"+id, "", c["client"])
	var got struct {
		Contract struct {
			Documents []struct{ URL, Kind string }
		}
	}
	json.Unmarshal([]byte(body), &got)
	doc := got.Contract.Documents[0].URL
	for who, status := range map[string]int{"client": 200, "agent": 200, "other": 404, "anonymous": 401} {
		res, body := e.do(t, "GET", doc, "", c[who])
		if res.StatusCode != status || (status == 200 && (res.Header.Get("Content-Type") != "application/pdf" || !strings.HasPrefix(body, "%PDF-"))) {
			t.Errorf("%s reads %s: %d %s", who, doc, res.StatusCode, res.Header.Get("Content-Type"))
		}
	}

	res, body := e.do(t, "POST", "/api/contracts/"+id+"/signature", `{"code":"12","holder":"X","iban":"FR00","accept":[]}`, c["client"])
	if res.StatusCode != 400 || !strings.Contains(body, `"field":"holder"`) && !strings.Contains(body, `"field":"iban"`) {
		t.Errorf("a signature of nothing: %d %s", res.StatusCode, body)
	}
	e.sign(t)
	res, body = e.do(t, "GET", "/api/contracts/"+id+"/cancellation?reason=term", "", c["client"])
	if res.StatusCode != 200 || !strings.Contains(body, `"date":"2027-03-10"`) {
		t.Errorf("cancellation preview: %d %s", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "/api/contracts/"+id+"/cancellation", `{"reason":"term"}`, c["other"])
	if res.StatusCode != 404 {
		t.Errorf("another cancels: %d %s", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "/api/contracts/"+id+"/cancellation", `{"reason":"term"}`, c["client"])
	if res.StatusCode != 200 || !strings.Contains(body, `"effectiveDate":"2027-03-10"`) || !strings.Contains(body, `"status":"cancel_requested"`) {
		t.Errorf("cancellation: %d %s", res.StatusCode, body)
	}
}

// TestHostileUploads sends what must never be stored: each refused with
// its French message, and no file kept.
func TestHostileUploads(t *testing.T) {
	e := newContractEnv(t)
	e.sign(t)
	before := e.files(t)
	zip := []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00" + strings.Repeat("x", 100))
	js := []byte("%PDF-1.4\n1 0 obj << /Type /Catalog /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
	escaped := []byte("%PDF-1.4\n1 0 obj << /S /J#61vaScript /JS (x) >> endobj\n%%EOF\n")
	big := append([]byte("%PDF-1.4\n"), make([]byte, 10<<20)...)
	big = append(big, []byte("\n%%EOF\n")...)
	for _, x := range []struct {
		name, file string
		data       []byte
		has        string
	}{
		{"a zip named as a PDF", "permis.pdf", zip, "Ce type de fichier n’est pas accepté"},
		{"an HTML page named as a photo", "carte-grise.jpg", []byte("<html><script>alert(1)</script></html>"), "Ce type de fichier n’est pas accepté"},
		{"a PDF with JavaScript", "releve.pdf", js, "contenu actif"},
		{"a PDF with JavaScript, its name escaped", "releve.pdf", escaped, "contenu actif"},
		{"an image bomb", "photo.png", pngBomb(), "dépasse 20"},
		{"a file over 10 Mo", "gros.pdf", big, "10\u00a0Mo"},
		{"an empty file", "vide.pdf", nil, "vide"},
	} {
		status, body := e.upload(t, "licence", x.file, x.data, "client")
		if status != 400 || !strings.Contains(body, `"field":"file"`) || !strings.Contains(body, x.has) {
			t.Errorf("%s: %d %s, want 400 with %q", x.name, status, body, x.has)
		}
	}
	if n := e.files(t); n != before {
		t.Fatalf("%d files stored by refused uploads", n-before)
	}
	if status, body := e.upload(t, "licence", "permis.png", pngOf(40, 30), "other"); status != 404 {
		t.Errorf("another's upload: %d %s", status, body)
	}
	if status, body := e.upload(t, "passport", "x.png", pngOf(40, 30), "client"); status != 404 {
		t.Errorf("a kind not asked: %d %s", status, body)
	}
	apiScenario{name: "not a form", as: "client", method: "POST", path: "/api/contracts/" + e.id + "/proofs/licence", body: `{"file":"x"}`,
		status: 400, contains: []string{"multipart/form-data"}}.run(t, e.h, e.people)
	status, body := e.upload(t, "licence", "../../permis.png", pngOf(40, 30), "client")
	if status != 201 || !strings.Contains(body, `"name":"permis.png"`) || !strings.Contains(body, `"status":"sent"`) {
		t.Fatalf("a clean PNG: %d %s", status, body)
	}
	res, _ := e.do(t, "GET", "/api/contracts/"+e.id+"/proofs/licence", "", e.people["agent"])
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("the agent reads it: %d %s", res.StatusCode, res.Header.Get("Content-Type"))
	}
	res, body = e.do(t, "POST", "/api/desk/contracts/"+e.id+"/proofs/licence/review", `{"accept":false}`, e.people["agent"])
	if res.StatusCode != 400 || !strings.Contains(body, `"field":"reason"`) {
		t.Errorf("a refusal without reason: %d %s", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "/api/desk/contracts/"+e.id+"/proofs/licence/review", `{"accept":true}`, e.people["client"])
	if res.StatusCode != 403 {
		t.Errorf("a client reviews: %d %s", res.StatusCode, body)
	}
	res, body = e.do(t, "POST", "/api/desk/contracts/"+e.id+"/proofs/licence/review", `{"accept":false,"reason":"Illisible."}`, e.people["agent"])
	if res.StatusCode != 200 || !strings.Contains(body, `"reason":"Illisible."`) {
		t.Errorf("a refusal: %d %s", res.StatusCode, body)
	}
}

// crcOf is the CRC-32 of a PNG chunk's type and data.
func crcOf(b []byte) uint32 { return crc32.ChecksumIEEE(b) }
