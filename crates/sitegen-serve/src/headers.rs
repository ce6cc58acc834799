//! What a CDN chooses for a response: a precompressed `.br` / `.gz` file (the headers
//! of `dist/_headers` are read and matched by `sitegen_hosts::headers`).

/// A precompressed twin of a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Brotli,
    Gzip,
}

impl Encoding {
    /// The `Content-Encoding` value.
    pub fn token(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gzip",
        }
    }

    /// The suffix of the twin file.
    pub fn suffix(self) -> &'static str {
        match self {
            Encoding::Brotli => "br",
            Encoding::Gzip => "gz",
        }
    }
}

/// The encodings an `Accept-Encoding` header allows, best first (brotli before gzip
/// at equal weight; `q=0` refuses, `*` stands for any encoding not named).
pub fn acceptable_encodings(accept_encoding: &str) -> Vec<Encoding> {
    let mut weights: Vec<(String, f32)> = Vec::new();
    for item in accept_encoding.split(',') {
        let mut parts = item.split(';');
        let token = parts.next().unwrap_or("").trim().to_ascii_lowercase();
        if token.is_empty() {
            continue;
        }
        let weight = parts
            .filter_map(|param| param.trim().strip_prefix("q="))
            .find_map(|q| q.trim().parse::<f32>().ok())
            .unwrap_or(1.0);
        weights.push((token, weight));
    }
    let weight_of = |name: &str, alias: &str| {
        weights
            .iter()
            .find(|(token, _)| token == name || token == alias)
            .or_else(|| weights.iter().find(|(token, _)| token == "*"))
            .map_or(0.0, |(_, weight)| *weight)
    };
    let mut allowed: Vec<(Encoding, f32)> = [
        (Encoding::Brotli, weight_of("br", "br")),
        (Encoding::Gzip, weight_of("gzip", "x-gzip")),
    ]
    .into_iter()
    .filter(|(_, weight)| *weight > 0.0)
    .collect();
    // Stable sort: at equal weight brotli (smaller) stays first.
    allowed.sort_by(|a, b| b.1.total_cmp(&a.1));
    allowed.into_iter().map(|(encoding, _)| encoding).collect()
}

/// Whether files of this content type have precompressed twins.
pub fn is_compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || content_type.starts_with("application/json")
        || content_type.starts_with("application/xml")
        || content_type.starts_with("image/svg+xml")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brotli_is_preferred_when_the_client_accepts_it() {
        use Encoding::*;
        assert_eq!(
            acceptable_encodings("gzip, deflate, br, zstd"),
            vec![Brotli, Gzip]
        );
        assert_eq!(acceptable_encodings("gzip"), vec![Gzip]);
        assert_eq!(
            acceptable_encodings("br;q=0.5, gzip;q=0.8"),
            vec![Gzip, Brotli]
        );
        assert_eq!(acceptable_encodings("br;q=0, gzip"), vec![Gzip]);
        assert_eq!(acceptable_encodings("*"), vec![Brotli, Gzip]);
        assert_eq!(acceptable_encodings("identity"), vec![]);
        assert_eq!(acceptable_encodings(""), vec![]);
    }
}
