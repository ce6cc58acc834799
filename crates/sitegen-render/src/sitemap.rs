//! The files that tell search engines what the site holds: `sitemap.xml`, listing
//! every route meant for them, and `robots.txt`, which points to it.

/// `sitemap.xml` listing `urls`.
pub(crate) fn sitemap(urls: &[String]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n",
    );
    for url in urls {
        xml.push_str("  <url><loc>");
        xml.push_str(&escape_xml(url));
        xml.push_str("</loc></url>\n");
    }
    xml.push_str("</urlset>\n");
    xml
}

/// `robots.txt` allowing everything and pointing to the sitemap.
pub(crate) fn robots(base_url: &str) -> String {
    format!(
        "User-agent: *\nAllow: /\n\nSitemap: {}\n",
        sitegen_content::absolute_url(base_url, "/sitemap.xml")
    )
}

fn escape_xml(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sitemap_escapes_urls() {
        let xml = sitemap(&["https://e.com/a?b&c".to_string()]);
        assert!(xml.contains("<loc>https://e.com/a?b&amp;c</loc>"));
    }
}
