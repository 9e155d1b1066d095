// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Link, Route, Switch } from 'wouter';
import { renderWithProviders } from '~/client/test/component-test-kit';
import { PageErrorBoundary } from './page-error-boundary';

function Broken(): never {
  throw new Error('a bug in the page');
}

function Site() {
  return (
    <>
      <Link href="/contact">Contact</Link>
      <PageErrorBoundary>
        <Switch>
          <Route path="/broken" component={Broken} />
          <Route path="/contact">
            <h1>Connect to Your Journey</h1>
          </Route>
        </Switch>
      </PageErrorBoundary>
    </>
  );
}

describe('a page that fails in the browser', () => {
  it('says so in plain words with a way on, and the next page renders afresh', async () => {
    // React and the boundary report the error; that is this test's subject, not a side effect.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderWithProviders(<Site />, { path: '/broken' });
    const heading = screen.getByRole('heading', { name: 'This page could not be shown' });
    const alert = heading.closest('[role="alert"]')!;
    expect(alert.textContent).toContain('Please load the page again');
    expect(screen.getByRole('button', { name: 'Load the page again' })).toBeTruthy();
    expect(logged).toHaveBeenCalledWith(
      'a page failed to render',
      expect.any(Error),
      expect.any(String),
    );

    await user.click(screen.getByRole('link', { name: 'Contact' }));
    expect(await screen.findByRole('heading', { name: 'Connect to Your Journey' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'This page could not be shown' })).toBeNull();
  });
});
