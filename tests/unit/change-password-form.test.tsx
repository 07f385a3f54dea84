// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangePasswordForm } from '@/components/auth/change-password-form';
import { UI_TEXTS } from '@/lib/i18n';

afterEach(cleanup);

/** The messages of the fields in error (a message leaving with its animation is not counted: jsdom runs no transitions). */
const errors = () => [...document.querySelectorAll('.ant-form-item-has-error .ant-form-item-explain-error')].map((el) => el.textContent);

describe('the change-password form', () => {
  it('clearing the new password shows one message, under the new password', async () => {
    const { container } = render(
      <NextIntlClientProvider locale="zh-CN" messages={UI_TEXTS['zh-CN']} timeZone="Asia/Shanghai"><App><ChangePasswordForm /></App></NextIntlClientProvider>,
    );
    const [, fresh, confirm] = [...container.querySelectorAll<HTMLInputElement>('input[type="password"]')];
    await userEvent.type(fresh!, 'abc12345');
    fireEvent.blur(fresh!);
    await userEvent.type(confirm!, 'abc1234');
    fireEvent.blur(confirm!);
    await waitFor(() => expect(errors()).toEqual(['两次输入不一致！']));
    await userEvent.clear(fresh!);
    fireEvent.blur(fresh!);
    await waitFor(() => expect(errors().length).toBeGreaterThan(0));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(errors()).toEqual(['请输入新密码！']);
    expect(screen.getByText('请输入新密码！')).toBeTruthy();
  });
});
