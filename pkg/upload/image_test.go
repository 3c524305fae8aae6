package upload

import (
	"bytes"
	"image"
	"image/jpeg"
	"image/png"
	"testing"
)

func TestImagesLoseTheirMetadata(t *testing.T) {
	const secret = "N 48.8566 E 2.3522 chez Léa"
	tests := []struct {
		name   string
		file   string
		data   []byte
		decode func([]byte) (image.Image, error)
		gone   []string // bytes that must not survive
	}{
		{"JPEG with an Exif GPS position", "photo.jpg", withExif(jpegOf(t, picture(64, 48)), 1, secret),
			decodeJPEG, []string{"Exif", secret}},
		{"JPEG with a comment", "photo.jpg", withSegment(jpegOf(t, picture(64, 48)), 0xFE, secret),
			decodeJPEG, []string{secret}},
		{"JPEG with XMP", "photo.jpg", withSegment(jpegOf(t, picture(64, 48)), 0xE1, "http://ns.adobe.com/xap/1.0/\x00"+secret),
			decodeJPEG, []string{"ns.adobe.com", secret}},
		{"PNG with a tEXt chunk", "photo.png", withChunk(pngOf(t, picture(64, 48)), "tEXt", []byte("Comment\x00"+secret)),
			decodePNG, []string{"tEXt", secret}},
		{"PNG with an eXIf chunk", "photo.png", withChunk(pngOf(t, picture(64, 48)), "eXIf", []byte("MM\x00*"+secret)),
			decodePNG, []string{"eXIf", secret}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if !bytes.Contains(tt.data, []byte(secret)) {
				t.Fatal("the test file does not hold the secret")
			}
			f, err := Check(tt.file, tt.data, Policy{})
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			for _, g := range tt.gone {
				if bytes.Contains(f.Data, []byte(g)) {
					t.Errorf("%q survived the cleaning", g)
				}
			}
			img, err := tt.decode(f.Data)
			if err != nil {
				t.Fatalf("the cleaned image does not decode: %v", err)
			}
			if img.Bounds().Dx() != 64 || img.Bounds().Dy() != 48 {
				t.Errorf("size %v, want 64 × 48", img.Bounds())
			}
		})
	}
}

func decodeJPEG(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
func decodePNG(b []byte) (image.Image, error)  { return png.Decode(bytes.NewReader(b)) }

// withSegment inserts a JPEG marker segment right after SOI.
func withSegment(jpg []byte, marker byte, payload string) []byte {
	n := len(payload) + 2
	out := append([]byte{}, jpg[:2]...)
	out = append(out, 0xFF, marker, byte(n>>8), byte(n))
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

func TestJPEGOrientationIsApplied(t *testing.T) {
	const w, h = 40, 24
	tests := []struct {
		orientation uint16
		wantW       int
		corner      image.Point // where the dark top-left corner is shown
	}{
		{1, w, image.Pt(0, 0)},
		{2, w, image.Pt(w-1, 0)},
		{3, w, image.Pt(w-1, h-1)},
		{4, w, image.Pt(0, h-1)},
		{5, h, image.Pt(0, 0)},
		{6, h, image.Pt(h-1, 0)},
		{7, h, image.Pt(h-1, w-1)},
		{8, h, image.Pt(0, w-1)},
		{9, w, image.Pt(0, 0)}, // no such orientation: left as it is
	}
	for _, tt := range tests {
		data := withExif(jpegOf(t, picture(w, h)), tt.orientation, "N")
		f, err := Check("photo.jpg", data, Policy{})
		if err != nil {
			t.Fatalf("orientation %d: %v", tt.orientation, err)
		}
		img, err := decodeJPEG(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		if img.Bounds().Dx() != tt.wantW {
			t.Errorf("orientation %d: %v wide, want %d", tt.orientation, img.Bounds(), tt.wantW)
		}
		// Look 2 pixels inside the corner, away from JPEG's edge blur.
		p := tt.corner
		p.X += 2 - 4*(p.X/max(1, p.X))
		p.Y += 2 - 4*(p.Y/max(1, p.Y))
		if r, g, b, _ := img.At(p.X, p.Y).RGBA(); r+g+b > 3*0x3000 {
			t.Errorf("orientation %d: %v is not dark", tt.orientation, p)
		}
	}
}

func TestExifOrientationReadsBothByteOrders(t *testing.T) {
	big := []byte("MM\x00*\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00\x00\x00\x00\x00")
	tests := []struct {
		name string
		tiff []byte
		want int
	}{
		{"big-endian, orientation 6", big, 6},
		{"cut short", big[:12], 1},
		{"IFD offset beyond the end", []byte("II*\x00\xff\xff\x00\x00"), 1},
		{"not TIFF", []byte("GIF89a\x00\x00"), 1},
	}
	for _, tt := range tests {
		if got := tiffOrientation(tt.tiff); got != tt.want {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.want)
		}
	}
}
