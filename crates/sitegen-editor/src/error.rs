//! A refused request: a 4xx status with `{ "error": { "message": … } }`.

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::api::{ErrorAnswer, ErrorMessage};

/// A request refused, with what to tell the editor.
#[derive(Debug)]
pub struct ApiError {
    /// The status (4xx).
    pub status: StatusCode,
    /// What is wrong, in plain words.
    pub message: String,
}

impl ApiError {
    /// A refusal with `status`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    /// 400: the request is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: the request may not do this.
    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: no such file, entry or route.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: the file changed in a way that forbids it.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 500: reading or writing failed (a disk error, not the request's fault).
    pub fn io(error: impl std::fmt::Display) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, error.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let answer = ErrorAnswer {
            error: ErrorMessage {
                message: self.message,
            },
        };
        reply(self.status, &answer)
    }
}

/// A JSON answer that no cache keeps.
pub(crate) fn reply(status: StatusCode, body: &impl Serialize) -> Response {
    (
        status,
        [(axum::http::header::CACHE_CONTROL, "no-store")],
        axum::Json(body),
    )
        .into_response()
}
