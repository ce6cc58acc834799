import { isRouteErrorResponse, useRouteError } from 'react-router-dom';

/** The router's error screen (spec §8: "Unexpected Application Error!"). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div className="container section route-error" role="alert">
      <h1>Unexpected Application Error!</h1>
      {detail && <p>{detail}</p>}
    </div>
  );
}
